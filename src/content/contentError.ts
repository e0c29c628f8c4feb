/** One content problem: the file, the field and what is wrong. Shared by every content check. Pure. */
export interface ContentError {
  file: string;
  field: string;
  message: string;
}

/** Each value once across the entries; a repeat names where the value was first used. */
export function checkUnique(
  file: string,
  entries: ReadonlyArray<{ field: string; value: string; file?: string }>,
  what: string,
): ContentError[] {
  const seen = new Map<string, string>();
  const errors: ContentError[] = [];
  for (const entry of entries) {
    const where = entry.file ?? file;
    const first = seen.get(entry.value);
    if (first !== undefined) {
      errors.push({ file: where, field: entry.field, message: `${what} "${entry.value}" is already used by ${first}` });
    } else {
      seen.set(entry.value, entry.file ? entry.file : entry.field);
    }
  }
  return errors;
}
