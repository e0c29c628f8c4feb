import { randomBytes } from "node:crypto";
import { FORM_REGISTRY, type FormName } from "../../forms/registry";

/** Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A submission reference like "C-7K3M9QX2PA": the form's letter (src/forms/registry.ts) and 50 random bits. */
export function newReference(form: FormName): string {
  const bytes = randomBytes(10);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `${FORM_REGISTRY[form].prefix}-${out}`;
}

/** Whether `text` is written as one of `form`'s references (whether it exists is not asked). */
export function isReferenceOf(form: FormName, text: string): boolean {
  return new RegExp(`^${FORM_REGISTRY[form].prefix}-[${ALPHABET}]{10}$`).test(text);
}

/** A person's reference, "N-7K3M9QX2PA": a letter no form has (tests/unit/forms/registry.test.ts), and 50 random bits. */
export const PERSON_PREFIX = "N";

export function newPersonReference(): string {
  return `${PERSON_PREFIX}-${newReference("contact").slice(2)}`;
}

/** Whether `text` is written as a person's reference (from migration 14 on, or made since). */
export const isPersonReference = (text: string): boolean => text.startsWith(`${PERSON_PREFIX}-`);
