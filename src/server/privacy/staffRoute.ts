import { privacy } from "../content";
import { accessReport, textOnlyAccessReport } from "./access";
import { deleteAll, deletionTargets, requireConfirmed, withdrawConsent } from "./deletion";
import { isPrivacyError } from "./errors";
import { openRequests } from "./requests";
import type { StoredSubmission } from "../store/submission";
import { findTextOnlyPerson, personReferenceOf, textOnlyDeleted, textOnlyRefusal, textOnlySummary, type TextOnlyRefusal } from "./textOnly";
import { PRIVACY_REFERENCE, type PrivacyReference, type PrivacyStore } from "./types";
import { requireString, type StaffContext, StaffError, type StaffRoute } from "../staff/guard";
import { GYM_ZONE } from "../../time/zone";

/** How many of the newest deletion log lines the screen shows (the CLI's `deletions` prints them all). */
export const DELETIONS_SHOWN = 200;

/**
 * The shared code's refusals, with the sentence the CLI would print: 409 for a request its person has
 * not confirmed yet (it may be done once they have), 422 for the rest.
 */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPrivacyError(error)) throw new StaffError(error.reason === "unconfirmed" ? 409 : 422, error.message);
    throw error;
  }
}

const addressOf = (submission: StoredSubmission): string =>
  typeof submission.payload.email === "string" ? submission.payload.email.trim().toLowerCase() : "";

function requestReference(values: Record<string, unknown>): PrivacyReference {
  const reference = requireString(values, "request", "the privacy request's reference").toUpperCase();
  if (!PRIVACY_REFERENCE.test(reference)) throw new StaffError(400, "A privacy request's reference looks like P-7K3M9QX2PA.");
  return reference as PrivacyReference;
}

/**
 * A privacy request, by reference: 404 when the store no longer holds it (answered by deletion); with
 * `confirmed`, 409 until its person has confirmed it.
 */
async function privacyRequest(store: PrivacyStore, reference: PrivacyReference, { confirmed = true } = {}): Promise<StoredSubmission> {
  const request = await store.get(reference);
  if (request?.form !== "privacy-request") throw new StaffError(404, `No privacy request has the reference ${reference}.`);
  if (confirmed) await asked(() => requireConfirmed(store, reference));
  return request;
}

function personReference(values: Record<string, unknown>): string {
  const reference = personReferenceOf(requireString(values, "person", "the person's reference"));
  if (!reference) throw new StaffError(400, "A person's reference looks like N-7K3M9QX2PA.");
  return reference;
}

/** A person made by a text alone, by reference: 404 when there is none, 409 when they have a form (textOnly.ts). */
async function textOnlyPerson(store: PrivacyStore, reference: string): Promise<void> {
  const lookup = await findTextOnlyPerson(store, reference);
  if ("refused" in lookup) throw notTextOnly(reference, lookup.refused);
}

const notTextOnly = (reference: string, why: TextOnlyRefusal): StaffError =>
  new StaffError(why === "unknown" ? 404 : 409, textOnlyRefusal(reference, why));

/**
 * GET ?person=<reference>: who a text-only person is before the owner downloads or deletes them, so a
 * mistyped reference is said at once (404 or 409, the same sentences as the download's) and the owner
 * sees whose texts they are about to act on: how many, between which days, and the number's last digits.
 */
async function personLookup(store: PrivacyStore, wanted: string) {
  const reference = personReference({ person: wanted });
  await textOnlyPerson(store, reference);
  return { json: { person: await textOnlySummary(store, reference) } };
}

/**
 * GET ?export=<address or reference>: everything held for the address, as the CLI's `find` gives it. By
 * a privacy request's reference, only once its person has confirmed it. By a person's reference, only
 * for one made by a text alone, who has no address: their texts and their numbers' consent history.
 */
async function exportReport(store: PrivacyStore, wanted: string, audit: StaffContext<PrivacyStore>["audit"]) {
  const person = personReferenceOf(wanted);
  if (person) {
    await textOnlyPerson(store, person);
    const report = await textOnlyAccessReport(store, person);
    await audit("privacy.export", person);
    return {
      download: {
        filename: `privacy-export-${person}.json`,
        type: "application/json; charset=utf-8",
        body: JSON.stringify(report, null, 2),
      },
    };
  }
  let email = wanted.trim().toLowerCase();
  let reference: string | undefined;
  if (!email.includes("@")) {
    reference = wanted.trim().toUpperCase();
    const submission = await store.get(reference);
    if (!submission) throw new StaffError(404, `No submission has the reference ${reference}.`);
    if (submission.form === "privacy-request") await asked(() => requireConfirmed(store, submission.id));
    email = addressOf(submission);
  }
  const report = await accessReport(store, email);
  // The audit log names references only: the one asked for, else those exported.
  await audit("privacy.export", reference ?? report.submissions.map((s) => s.reference).join(" "));
  return {
    download: {
      filename: `privacy-export-${reference ?? "address"}.json`,
      type: "application/json; charset=utf-8",
      body: JSON.stringify(report, null, 2),
    },
  };
}

/**
 * GET /api/staff/privacy: the open privacy requests with their days left, the deletion log, newest
 * first, and how long texts are kept. GET ?export=<address or reference>: the access report as a JSON download (a person's
 * reference: a person made by a text alone). GET ?person=<reference>: a text-only person's summary, before either.
 * POST {action: "delete", request | email, confirm}: deletes everything held for the address once
 * `confirm` repeats it; {action: "delete", person, confirm}: a person made by a text alone, once
 * `confirm` repeats their reference; {action: "withdraw", request | id}: removes health information;
 * {action: "answered", request}. Export, deletion and withdrawal for a request wait for its person's
 * confirmation (409 until then); by address or sign-up they are the owner's own. The owner's only; each
 * action lands in the audit log by reference.
 */
export const privacyRoute: StaffRoute<PrivacyStore> = {
  kind: "staff",
  GET: {
    role: "owner",
    async run({ store, now, query, audit }) {
      if (query.person !== undefined) return personLookup(store, requireString(query, "person", "the person's reference"));
      if (query.export !== undefined) return exportReport(store, requireString(query, "export", "an address or a reference"), audit);
      const deletions = await store.deletions();
      const requests = await openRequests(store, now, deletions);
      return {
        json: {
          timeZone: GYM_ZONE,
          responseDays: privacy.requestResponseDays,
          // How long texts are kept (content/privacy.json), as the screen says it.
          texts: { months: privacy.textMonths, consentMonths: privacy.textConsentMonths },
          requests,
          deletions: deletions
            .slice(-DELETIONS_SHOWN)
            .reverse()
            .map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString(), deletedAt: r.deletedAt.toISOString() })),
          deletionsTotal: deletions.length,
        },
      };
    },
  },
  POST: {
    role: "owner",
    async run({ store, now, body, staff, audit }) {
      if (body.action === "delete" && body.person !== undefined) {
        const person = personReference(body);
        await textOnlyPerson(store, person);
        const typed = typeof body.confirm === "string" ? body.confirm.trim().toUpperCase() : "";
        if (typed !== person) throw new StaffError(422, "The reference typed does not match the person's. Nothing was deleted.");
        const outcome = await store.deleteTextOnlyPerson(person);
        // Changed meanwhile (a merge gave them a form, or someone else deleted them): said as above.
        if (outcome !== "deleted") throw notTextOnly(person, outcome);
        await audit("privacy.delete", person);
        return {
          json: { deleted: [person], message: textOnlyDeleted(person) },
        };
      }
      if (body.action === "delete") {
        const request = body.request === undefined ? undefined : requestReference(body);
        const email = request ? addressOf(await privacyRequest(store, request)) : requireString(body, "email", "the address").toLowerCase();
        const typed = typeof body.confirm === "string" ? body.confirm.trim().toLowerCase() : "";
        if (typed !== email) throw new StaffError(422, "The address typed does not match the request's. Nothing was deleted.");
        const targets = await deletionTargets(store, { email }, request);
        const deleted = await deleteAll(store, targets, request, now);
        if (request) await audit("privacy.delete", request);
        else for (const s of deleted) await audit("privacy.delete", s.id);
        const count = `${deleted.length} submission${deleted.length === 1 ? "" : "s"}`;
        const done = deleted.length === 0 ? "Nothing else was held for this address." : `Deleted ${count} and everything kept with them.`;
        const message = request ? `${done} The request stays listed until you mark it answered: tell them, then mark it.` : done;
        return { json: { deleted: deleted.map((s) => s.id), message } };
      }
      if (body.action === "withdraw") {
        const request = body.request === undefined ? undefined : requestReference(body);
        if (request) await privacyRequest(store, request);
        let ids: string[];
        if (body.id !== undefined) ids = [requireString(body, "id", "the sign-up's reference").toUpperCase()];
        else {
          const email = addressOf(await privacyRequest(store, request ?? requestReference(body)));
          ids = (await store.findByEmail(email)).filter((s) => s.form === "signup" && s.payload.healthInfo !== undefined).map((s) => s.id);
          if (ids.length === 0) throw new StaffError(422, "No sign-up of this address holds health information.");
        }
        for (const id of ids) {
          await asked(() => withdrawConsent(store, id, request));
          await audit("privacy.withdraw", id);
        }
        return { json: { withdrawn: ids, message: `Removed the health information from ${ids.join(", ")}.` } };
      }
      if (body.action === "answered") {
        const request = requestReference(body);
        // An unconfirmed request too: one whose link expired is answered by saying so.
        await privacyRequest(store, request, { confirmed: false });
        await store.updateLead(request, { answered: true }, staff.email, now);
        await audit("privacy.answered", request);
        return { json: { message: `Marked ${request} answered.` } };
      }
      throw new StaffError(400, 'Say "delete", "withdraw" or "answered".');
    },
  },
};
