/**
 * A form's state in the browser, typed from its schema's input (`z.input<...>`): every field the
 * visitor fills is there from the start, as text, or as a boolean for a check box. A misspelt field
 * name is a compile error. `elapsedMs` is measured and `source` read when sending, not typed, so
 * neither is state.
 */
export type FieldValue = string | boolean;

/** Keys of every member of a union (a hold and a cancellation have different date fields). */
type AllKeys<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type StateOf<T> = [Exclude<T, undefined>] extends [boolean] ? boolean : string;

export type FormValues<TInput> = {
  [K in Exclude<AllKeys<TInput>, "elapsedMs" | "source"> & string]: StateOf<ValueAt<TInput, K>>;
};

export type FieldName<V> = keyof V & string;
// Written as key remapping (not `{...}[keyof V]`) so that TypeScript sees a control for a larger form
// as usable where a smaller one is expected: the e-mail input takes any form that has `email`.
export type TextField<V> = keyof { [K in keyof V as V[K] extends string ? K : never]: V[K] } & string;
export type CheckField<V> = keyof { [K in keyof V as V[K] extends boolean ? K : never]: V[K] } & string;

/** Field -> message, for the fields of this form. */
export type FieldErrors<V> = { [K in FieldName<V>]?: string };

/**
 * A form's fields in the order they stand on its page (the order its problems are listed in): every
 * field of its starting values but the hidden `website`, which only a bot fills. So a form's starting
 * values name its fields in that order.
 */
export function fieldsOf<V extends { website: string }>(start: V): ReadonlyArray<Exclude<FieldName<V>, "website">> {
  return Object.keys(start).filter((name): name is Exclude<FieldName<V>, "website"> => name !== "website");
}

/**
 * What a form sends when each field goes as the visitor left it, in the page's order: an `optional`
 * text field only when it holds more than spaces, so its schema sees it missing rather than blank, and
 * an `optional` check box only when ticked.
 */
export function sentValues<V>(
  values: V,
  fields: ReadonlyArray<FieldName<V>>,
  optional: ReadonlyArray<TextField<V> | CheckField<V>>,
): Partial<V> {
  const sent: Partial<V> = {};
  for (const name of fields) {
    const value = values[name];
    const left = value === false || (typeof value === "string" && !value.trim());
    if (left && (optional as readonly string[]).includes(name)) continue;
    sent[name] = value;
  }
  return sent;
}
