import { notConfirmedYet } from "../../desk/privacy";
import { escapeControls } from "../printable";
import type { StoredSubmission } from "../store/submission";
import type { DeletionReason, PrivacyReference, PrivacyStore } from "./types";
import { PrivacyError } from "./errors";
import { formsOfAddress } from "./address";

/** What a deletion acts on: one submission (`id`) or every one of an address (`email`). */
export interface DeletionTarget {
  id?: string;
  /** Lower-cased. */
  email?: string;
}

/**
 * Nothing is done for a privacy request until the person whose address it names confirmed it (their
 * link, or the owner's own check): a stranger could have typed the address.
 */
export async function requireConfirmed(store: PrivacyStore, reference: string): Promise<void> {
  const confirmation = (await store.requestConfirmations([reference])).get(reference);
  if (!confirmation?.confirmedAt) throw new PrivacyError(notConfirmedYet(reference), "unconfirmed");
}

/**
 * A named privacy request must be one the store holds, confirmed by its person, or one already deleted
 * (its log line counts): a request may itself be among what its deletion removed.
 */
export async function checkRequest(store: PrivacyStore, reference: PrivacyReference | undefined): Promise<void> {
  if (!reference) return;
  const request = await store.get(reference);
  const logged = !request && (await store.deletions()).some((r) => r.reference === reference && r.form === "privacy-request");
  if (request?.form !== "privacy-request" && !logged) throw new PrivacyError(`No privacy request has the reference ${reference}.`);
  if (request) await requireConfirmed(store, reference);
}

/**
 * What a deletion would take. By address, the address's other privacy requests go too (they hold the
 * address, and the deletion log keeps their references), but not the request that asked: it stays,
 * listed in the console until it is marked answered, since the person must still be told it is done
 * and the request is the record of how it was answered (kept requestMonths, then purged). Named by
 * its own reference (`id`), a request goes like any submission.
 */
export async function deletionTargets(
  store: PrivacyStore,
  target: DeletionTarget,
  request?: PrivacyReference,
): Promise<StoredSubmission[]> {
  if (target.id) {
    const submission = await store.get(target.id);
    if (!submission) throw new PrivacyError(`No submission has the reference ${escapeControls(target.id)}.`);
    return [submission];
  }
  return (await formsOfAddress(store, target.email ?? "")).filter((submission) => submission.id !== request);
}

/**
 * Deletes the submissions with everything that hangs on them (outbox rows of every kind, bookings, the
 * lead's state and notes) and logs each, requested by the privacy request when one asked, else "staff".
 * Returns those deleted, in the order given (one deleted meanwhile by someone else is left out).
 */
export async function deleteAll(
  store: PrivacyStore,
  targets: readonly StoredSubmission[],
  request: PrivacyReference | undefined,
  now: Date,
): Promise<StoredSubmission[]> {
  if (targets.length === 0) return [];
  const reason: DeletionReason = { kind: "request", requestedBy: request ?? "staff" };
  const deleted = new Set(
    await store.deleteSubmissions(
      targets.map((s) => s.id),
      reason,
      now,
    ),
  );
  return targets.filter((s) => deleted.has(s.id));
}

/** Consent withdrawn (My Health My Data Act): the health information goes, the membership record stays. */
export async function withdrawConsent(store: PrivacyStore, id: string, request?: PrivacyReference): Promise<void> {
  await checkRequest(store, request);
  if (!(await store.forgetHealth(id))) {
    throw new PrivacyError(`No sign-up with health information has the reference ${escapeControls(id)}.`);
  }
}
