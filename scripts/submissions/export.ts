import { flattenSubmission, toCsv } from "../../src/server/leads/csv";
import { escapeControls } from "../../src/server/printable";
import type { ListFilter } from "../../src/server/forms/types";
import type { Print } from "./command";
import type { SubmissionStore } from "../../src/server/app/store";

export { csvCell, toCsv } from "../../src/server/leads/csv";

/** Every field of each submission, as CSV or else JSON. */
export async function exportSubmissions(
  format: "csv" | "json" | undefined,
  filter: ListFilter,
  store: SubmissionStore,
  out: Print,
): Promise<void> {
  const submissions = await store.list(filter);
  // JSON escapes C0 controls itself; bidirectional controls it leaves raw, so they become \u escapes too.
  out(
    format === "csv"
      ? toCsv(submissions)
      : escapeControls(
          JSON.stringify(
            submissions.map((s) => flattenSubmission(s)),
            null,
            2,
          ),
          true,
        ),
  );
}
