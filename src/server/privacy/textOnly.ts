import { isPersonReference } from "../forms/ids";
import type { TextOnlySummary } from "../../desk/privacy";
import type { PrivacyStore, TextOnlyDeletion } from "./types";

/**
 * A person made by a text alone (leads/textInbox.ts) has no address to ask by: the owner finds,
 * downloads and deletes what is kept of them by their reference, in the console (staffRoute.ts) and
 * with `npm run submissions` alike, through these.
 */

/** Why a reference names no one the owner can act on by it: nobody, or a person with forms. */
export type TextOnlyRefusal = Exclude<TextOnlyDeletion, "deleted">;

/** The sentence for a refusal, the same in the console and the CLI. */
export function textOnlyRefusal(reference: string, why: TextOnlyRefusal): string {
  return why === "unknown"
    ? `No person has the reference ${reference}.`
    : `${reference} has sent a form: download and delete by the address on their forms, which takes their texts too.`;
}

/** What a deletion of a text-only person says once done, the same in the console and the CLI. */
export const textOnlyDeleted = (reference: string): string =>
  `Deleted ${reference}: their texts, timeline and their numbers' consent to texts.`;

/** A reference as typed (any case, spaces around), or null when it is not a person's ("N-" and ten characters). */
export function personReferenceOf(typed: string): string | null {
  const reference = typed.trim().toUpperCase();
  return isPersonReference(reference) ? reference : null;
}

/**
 * The person a reference names when they were made by a text alone, else why not. An old reference of
 * a person merged away names the person kept, who has forms (merges join people by their forms'
 * numbers): refused, so nothing of theirs goes out under the old one.
 */
export async function findTextOnlyPerson(store: PrivacyStore, reference: string): Promise<{ refused: TextOnlyRefusal } | { found: true }> {
  const found = await store.personOf(reference);
  if (!found) return { refused: "unknown" };
  if ((await store.personForms(found.id)).length > 0) return { refused: "has-forms" };
  if (found.id !== reference) return { refused: "unknown" };
  return { found: true };
}

/** What the console shows, and the CLI lists before it deletes. */
export async function textOnlySummary(store: PrivacyStore, reference: string): Promise<TextOnlySummary> {
  const texts = await store.textsOf(reference);
  return {
    reference,
    texts: texts.length,
    firstAt: texts[0]?.at.toISOString() ?? null,
    lastAt: texts.at(-1)?.at.toISOString() ?? null,
    phoneEndings: [...new Set(texts.map((text) => text.phone.slice(-4)))],
  };
}
