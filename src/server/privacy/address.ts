import { addressKey } from "../../forms/addressKey";
import type { StoredSubmission } from "../store/submission";
import type { PrivacyStore } from "./types";

/**
 * Every form an address sent, as an access or a deletion request means it: those that give it (in any
 * case), and the sales forms of its person that give the same mailbox another way (a `+tag`, Gmail's
 * dots: src/forms/addressKey.ts), which the console shows as one person. Oldest first. A form of another
 * address merged into the same person is not this address's.
 */
export async function formsOfAddress(store: PrivacyStore, email: string): Promise<StoredSubmission[]> {
  const exact = await store.findByEmail(email);
  const key = addressKey(email);
  const person = key ? await store.personOfKey(key) : undefined;
  if (!person) return exact;
  const seen = new Set(exact.map((form) => form.id));
  const variants = (await store.personForms(person)).filter(
    (form) => !seen.has(form.id) && typeof form.payload.email === "string" && addressKey(form.payload.email) === key,
  );
  if (variants.length === 0) return exact;
  return [...exact, ...variants].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
