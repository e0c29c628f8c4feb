import { formatLongDate } from "../../src/content/dates";
import type { OwnerCheck } from "../../src/forms/privacyRequest/rules";
import { privacy, requestDueDate } from "../../src/server/content";
import { escapeControls } from "../../src/server/printable";
import { isExpired, purgeSummary, retentionCutoffs } from "../../src/server/privacy/retention";
import { accessReport, textOnlyAccessReport } from "../../src/server/privacy/access";
import { findTextOnlyPerson, textOnlyDeleted, textOnlyRefusal, textOnlySummary } from "../../src/server/privacy/textOnly";
import {
  checkRequest,
  deleteAll,
  deletionTargets,
  withdrawConsent as withdraw,
  type DeletionTarget,
} from "../../src/server/privacy/deletion";
import { isPrivacyError } from "../../src/server/privacy/errors";
import { CONFIRMED_BY_WORDS } from "../../src/desk/privacy";
import type { PrivacyReference } from "../../src/server/privacy/types";
import { CommandError, UsageError, type Ask, type Print } from "./command";
import type { SubmissionStore } from "../../src/server/app/store";
import { zonedToday } from "../../src/time/today";

/** What delete and withdraw-consent act on: one submission (`id`) or every one of an address (`email`, delete only). */
export interface PrivacyTarget extends DeletionTarget {
  /** The privacy request that asked for it. */
  request?: PrivacyReference;
  /** For delete: delete without asking first. */
  yes?: boolean;
}

/** To the minute, as list and the dry run show it. */
const received = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

/** The shared code's refusals are the CLI's own: one line, exit code 1. */
async function asCommand<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPrivacyError(error)) throw new CommandError(error.message);
    throw error;
  }
}

/** For an access request: every submission of the address, every field, and the waiver text a sign-up accepted. */
export async function find(email: string, store: SubmissionStore, out: Print): Promise<void> {
  out(escapeControls(JSON.stringify(await accessReport(store, email), null, 2), true));
}

/** A person who only texted, by reference: their texts and their numbers' consent history, as the console downloads it. */
export async function findPerson(reference: string, store: SubmissionStore, out: Print): Promise<void> {
  await textOnly(store, reference);
  out(escapeControls(JSON.stringify(await textOnlyAccessReport(store, reference), null, 2), true));
}

/** A person made by a text alone, else the console's sentence for why not, as the CLI's error. */
async function textOnly(store: SubmissionStore, reference: string): Promise<void> {
  const lookup = await findTextOnlyPerson(store, reference);
  if ("refused" in lookup) throw new CommandError(textOnlyRefusal(reference, lookup.refused));
}

/**
 * Deletes a person who only texted, with their texts, timeline and numbers' consent, as the console's
 * Delete this person does (the store's one deletion), after saying whose texts they are and asking on the
 * terminal, unless `yes`. The audit log keeps the reference.
 */
export async function removePerson(
  { reference, yes }: { reference: string; yes: boolean },
  store: SubmissionStore,
  out: Print,
  now: Date,
  ask?: Ask,
): Promise<void> {
  await textOnly(store, reference);
  if (!yes) {
    const { texts, firstAt, lastAt, phoneEndings } = await textOnlySummary(store, reference);
    const span = firstAt && lastAt ? `, ${received(new Date(firstAt))} to ${received(new Date(lastAt))}` : "";
    const numbers = phoneEndings.map((ending) => `...${ending}`).join(", ");
    out(
      `Would delete ${reference}: ${texts} text${texts === 1 ? "" : "s"}${numbers ? ` with ${numbers}` : ""}${span}, their timeline and their numbers' consent to texts.`,
    );
    if (!ask) throw new UsageError(`Nothing was deleted: there is no terminal to ask on. Add --yes to delete ${reference} without asking.`);
    const answer = (await ask(`Delete ${reference}? [y/N] `)).trim().toLowerCase();
    if (answer !== "y" && answer !== "yes") {
      out("Nothing was deleted.");
      return;
    }
  }
  const outcome = await store.deleteTextOnlyPerson(reference);
  if (outcome !== "deleted") throw new CommandError(textOnlyRefusal(reference, outcome));
  await store.audit({ at: now, actor: "cli", action: "privacy.delete", target: reference });
  out(textOnlyDeleted(reference));
}

/**
 * Deletes after listing the submissions and asking on the terminal (`ask`), unless `yes`; with neither a
 * terminal nor `yes` it refuses, so a script cannot hang on a question nobody sees.
 */
/** Whether the request named is held, of this address, and not marked answered: the console lists it. */
async function stillToAnswer(store: SubmissionStore, target: PrivacyTarget): Promise<boolean> {
  if (!target.request || !target.email) return false;
  const request = await store.get(target.request);
  if (request?.form !== "privacy-request" || String(request.payload.email ?? "").toLowerCase() !== target.email) return false;
  return !(await store.leadStates([request.id])).get(request.id)?.answeredAt;
}

export async function remove(target: PrivacyTarget, store: SubmissionStore, out: Print, now: Date, ask?: Ask): Promise<void> {
  // A request named here may be one deleted before (its log line counts).
  await asCommand(() => checkRequest(store, target.request));
  // The request that asked stays, as in the console (deletionTargets says why).
  const targets = await asCommand(() => deletionTargets(store, target, target.request));
  const stays = (await stillToAnswer(store, target))
    ? [`${target.request} stays listed in the staff console until it is marked answered there.`]
    : [];
  if (targets.length === 0) {
    // Not a mistake in the command: a deletion request from someone the gym holds nothing about.
    out(
      escapeControls(
        `${stays.length > 0 ? "Nothing else is held for" : "No submission has"} the address ${target.email ?? ""}: nothing to delete.`,
      ),
    );
    stays.forEach((line) => out(line));
    return;
  }
  if (!target.yes) {
    const count = `${targets.length} submission${targets.length === 1 ? "" : "s"}`;
    out(`Would delete ${count}:`);
    for (const s of targets) out(escapeControls(`${s.id}  ${received(s.createdAt)}  ${s.form}`));
    if (!ask) throw new UsageError(`Nothing was deleted: there is no terminal to ask on. Add --yes to delete ${count} without asking.`);
    const answer = (await ask(`Delete ${count}? [y/N] `)).trim().toLowerCase();
    if (answer !== "y" && answer !== "yes") {
      out("Nothing was deleted.");
      return;
    }
  }
  const deleted = await deleteAll(store, targets, target.request, now);
  for (const s of deleted) out(escapeControls(`Deleted ${s.id}  ${s.form}`));
  if (deleted.length === 0) out("Nothing was deleted.");
  else stays.forEach((line) => out(line));
}

/**
 * The owner checked another way than the link that a privacy request comes from its person: it is
 * confirmed as its link would confirm it (the time to answer starts now, and its staff e-mail is queued
 * when mail is set up), and the audit log records it by reference, with no personal data.
 */
export async function verifyRequest(
  reference: string,
  how: OwnerCheck,
  notify: boolean,
  store: SubmissionStore,
  out: Print,
  now: Date,
): Promise<void> {
  const outcome = await store.verifyRequest(reference, how, now, { notify });
  if (outcome.state === "not-found") throw new CommandError(`No privacy request has the reference ${reference}.`);
  if (outcome.state === "spam") throw new CommandError(`${reference} is held as spam: restore it first (restore --id ${reference}).`);
  const answerBy = `Answer by ${formatLongDate(requestDueDate(outcome.confirmedAt))}.`;
  if (outcome.state === "already-confirmed") {
    const on = formatLongDate(zonedToday(outcome.confirmedAt).date);
    out(`${reference} was already confirmed on ${on} (${CONFIRMED_BY_WORDS[outcome.confirmedBy]}). ${answerBy}`);
    return;
  }
  await store.audit({ at: now, actor: "cli", action: `privacy.verify.${how}`, target: reference });
  out(`Marked ${reference} confirmed (${CONFIRMED_BY_WORDS[how]}). ${answerBy}`);
}

/** Consent withdrawn (My Health My Data Act): the health information goes, the membership record stays. */
export async function withdrawConsent(target: PrivacyTarget, store: SubmissionStore, out: Print): Promise<void> {
  await asCommand(() => withdraw(store, target.id ?? "", target.request));
  out(`Removed the health information from ${escapeControls(target.id ?? "")}.`);
}

export async function purge(dryRun: boolean, store: SubmissionStore, out: Print, now: Date): Promise<void> {
  const cutoffs = retentionCutoffs(now, privacy);
  const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const rules = cutoffs.forms.map(({ form, before }) => `${form} before ${utc(before)}`);
  out(`Retention (content/privacy.json): spam before ${utc(cutoffs.spamBefore)}, ${rules.join(", ")}.`);
  if (!dryRun) {
    const summary = purgeSummary(await store.purge(cutoffs, now));
    out(summary ? `Deleted: ${summary}.` : "Nothing was past its retention.");
    return;
  }
  const expired = (await store.list({ includeSpam: true })).filter((s) => isExpired(s, cutoffs));
  if (expired.length === 0) out("Dry run: nothing is past its retention.");
  else out(`Dry run: these ${expired.length} would be deleted (nothing was):`);
  for (const s of expired) out(escapeControls(`${s.id}  ${received(s.createdAt)}  ${s.form}${s.spam ? "  spam" : ""}`));
}

export async function deletions(store: SubmissionStore, out: Print): Promise<void> {
  const records = await store.deletions();
  if (records.length === 0) out("No deletions recorded.");
  for (const r of records) {
    out(
      escapeControls(
        `${r.deletedAt.toISOString()}  ${r.reference}  ${r.form}  received ${r.receivedAt.toISOString()}  by ${r.requestedBy}`,
      ),
    );
  }
}

/** Without a version, the versions sign-ups accepted; with one (or the start of one), its text. */
export async function waiver(version: string | undefined, store: SubmissionStore, out: Print): Promise<void> {
  const waivers = await store.waivers();
  if (version === undefined) {
    if (waivers.length === 0) out("No sign-up has accepted a waiver yet.");
    for (const w of waivers) out(`${w.version}  first accepted ${w.firstAcceptedAt.toISOString()}`);
    return;
  }
  const matches = waivers.filter((w) => w.version.startsWith(version));
  if (matches.length === 0) throw new CommandError(`No stored waiver has the version ${version}.`);
  if (matches.length > 1) throw new CommandError(`${matches.length} stored waivers start with ${version}: give more of the version.`);
  out(escapeControls(matches[0]?.text ?? "", true));
}
