import { escapeControls } from "../../src/server/printable";
import type { Print } from "./command";
import type { SubmissionStore } from "../../src/server/app/store";

/** The staff e-mails not yet sent; `retry` first queues the failed ones again. */
export async function outbox(retry: boolean, store: SubmissionStore, out: Print): Promise<void> {
  if (retry) out(`${await store.retryFailed(new Date())} failed message(s) queued again.`);
  const messages = await store.outbox(["pending", "failed"]);
  if (messages.length === 0) out("Outbox is empty: every staff e-mail has been sent.");
  for (const m of messages) {
    out(
      escapeControls(
        `${m.submissionId}  ${m.status}  attempts ${m.attempts}${m.nextAttemptAt ? `  next ${m.nextAttemptAt.toISOString()}` : ""}${m.lastError ? `  last error: ${m.lastError}` : ""}`,
      ),
    );
  }
}
