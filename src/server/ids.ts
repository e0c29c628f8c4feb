import { randomBytes } from "node:crypto";

/** Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// B for a booking ("I" is left out of the alphabet for being read as 1), P for a privacy request, V for a visit.
const PREFIX = { contact: "C", signup: "S", "membership-hold": "H", intro: "B", "privacy-request": "P", "drop-in": "V" } as const;

/** A submission reference like "C-7K3M9QX2PA": the form's letter and 50 random bits. */
export function newReference(form: keyof typeof PREFIX): string {
  const bytes = randomBytes(10);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `${PREFIX[form]}-${out}`;
}
