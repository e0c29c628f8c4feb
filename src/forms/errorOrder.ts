export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Errors in the order the fields appear on the page, then any the server named that the page has no
 * field for (they are listed in the summary, but there is nothing to focus).
 */
export function orderErrors(errors: Readonly<Record<string, string>>, order: readonly string[]): FieldProblem[] {
  const known = order.filter((field) => errors[field]).map((field) => ({ field, message: errors[field] as string }));
  const others = Object.keys(errors)
    .filter((field) => !order.includes(field))
    .map((field) => ({ field, message: errors[field] as string }));
  return [...known, ...others];
}

/**
 * The field that gets focus after a failed attempt: the first one in the form's order with an error.
 * None when only fields outside that order have errors (the honeypot, or a name the page lacks).
 */
export function firstErrorField(errors: Readonly<Record<string, string>>, order: readonly string[]): string | null {
  return order.find((field) => errors[field]) ?? null;
}
