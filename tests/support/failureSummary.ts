import type { FullResult, Reporter, Suite, TestError } from "@playwright/test/reporter";

/**
 * Repeats, as the very last lines of a failed run, what went wrong: errors outside any test and the
 * tests that failed or did not run. The list reporter prints them where they happen, which a CI log
 * cut to its last lines leaves out (a run once ended "1 did not run, 1 error was not a part of any
 * test" with neither named in what was kept).
 */
// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour is the point
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

const MAX_LINES = 40;

export default class FailureSummary implements Reporter {
  private readonly errors: TestError[] = [];
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onError(error: TestError) {
    this.errors.push(error);
  }

  onEnd(result: FullResult) {
    if (result.status === "passed") return;
    // The first line of the message, without the terminal's colours.
    const firstLine = (error: TestError) => (error.message ?? error.value ?? "unknown error").split("\n")[0]!.replace(ANSI_COLOUR, "");
    const said = { unexpected: "failed", flaky: "flaky", skipped: "did not run", expected: "passed" } as const;
    const lines = ["", `Run ${result.status}. What went wrong, again:`];
    for (const error of this.errors) lines.push(`  error outside any test: ${firstLine(error)}`);
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === "expected" || (outcome === "skipped" && test.expectedStatus === "skipped")) continue;
      const where = `${test.location.file.replace(`${process.cwd()}/`, "")}:${test.location.line}`;
      const last = test.results.at(-1);
      lines.push(`  ${said[outcome]}: ${where} ${test.title}${last?.error ? ` (${firstLine(last.error)})` : ""}`);
    }
    // An interrupted run lists every test it did not reach: the first ones say enough.
    const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `  ... and ${lines.length - MAX_LINES} more`] : lines;
    console.log(shown.join("\n"));
  }

  printsToStdio() {
    return true;
  }
}
