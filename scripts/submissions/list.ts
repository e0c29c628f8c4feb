import { personName } from "../../src/server/forms/fields";
import { escapeControls } from "../../src/server/printable";
import type { StoredSubmission } from "../../src/server/store/submission";
import type { ListFilter } from "../../src/server/forms/types";
import { CommandError, type Print } from "./command";
import type { SubmissionStore } from "../../src/server/app/store";

function summaryLine(submission: StoredSubmission): string {
  const p = submission.payload;
  const who = personName(p);
  const what = String(p.interest ?? p.plan ?? p.type ?? "");
  const line = [
    submission.id,
    submission.createdAt.toISOString().slice(0, 16).replace("T", " "),
    submission.form,
    who,
    String(p.email ?? ""),
    what,
    submission.spam ? `spam:${submission.spam}` : "",
  ]
    .filter((part) => part !== "")
    .join("  ");
  return escapeControls(line);
}

/** One line a submission, oldest first. */
export async function list(filter: ListFilter, store: SubmissionStore, out: Print): Promise<void> {
  const submissions = await store.list(filter);
  if (submissions.length === 0) out("No submissions match.");
  for (const submission of submissions) out(summaryLine(submission));
}

/**
 * A submission held as spam, back in the staff list (and e-mailed to staff and sent to the gym's
 * webhook, as it would have been).
 */
export async function restore(id: string, notify: boolean, store: SubmissionStore, out: Print, now: Date, webhook = false): Promise<void> {
  if (!(await store.restoreSpam(id, notify, now, webhook))) throw new CommandError(`No submission held as spam has the reference ${id}.`);
  // A privacy request gets its confirmation link, as on arrival; staff are e-mailed once it is used.
  const request = (await store.get(id))?.form === "privacy-request";
  const queued = request ? "the link to confirm it is e-mailed to its address" : "its staff e-mail is queued";
  out(`${id} is in the staff list now${notify ? `; ${queued}` : ""}.`);
}
