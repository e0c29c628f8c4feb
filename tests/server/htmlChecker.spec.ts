import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { FORMS } from "../../src/forms/registry";
import { htmlFiles } from "../../src/node/csp";
import { ACCEPTED_ERRORS } from "./htmlChecker.accepted";
import { uniqueEmail } from "../support/uniqueEmail";

/**
 * The W3C Nu HTML Checker (the vnu-jar package, on Debian's Java: .ci/run installs it) over every page
 * the build wrote and the pages the server makes for a form sent without script: each form's page of
 * problems, a confirmation, the free intro's open times and a booking's confirmation. Any error fails,
 * except those listed with a reason in htmlChecker.accepted.ts. Not checked: Gatsby's fragment in
 * public/_gatsby/ (stitched into every page at build time, never a page by itself).
 */
const PUBLIC = path.resolve("public");
// The jar itself, run on the machine's Java: the package's runner would download a Java when none is found.
const VNU_JAR = path.join(path.dirname(require.resolve("vnu-jar")), "build", "dist", "vnu.jar");

interface Message {
  type: string;
  url?: string;
  message: string;
  extract?: string;
}

function builtPages(): string[] {
  return htmlFiles(PUBLIC)
    .filter((file) => !path.relative(PUBLIC, file).startsWith("_gatsby"))
    .sort();
}

/**
 * As the PostgreSQL tests do: on a developer machine without Java the test is skipped, its reason in
 * the report; under CI (which installs Java: .ci/run) it runs, and fails without one.
 */
const javaFound = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

/** The server's HTML answers to forms sent the browser's way, by what was sent. */
async function answerPages(request: APIRequestContext): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const html = async (label: string, response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number) => {
    expect(response.status(), label).toBe(status);
    expect(response.headers()["content-type"], label).toContain("text/html");
    answers[label] = await response.text();
  };
  for (const form of FORMS) {
    await html(`${form} sent empty`, await request.post(`/api/${form}`, { form: { name: "" } }), 422);
  }
  const sent = await request.post("/api/contact", {
    form: { name: "Vera Checker", email: uniqueEmail("vera-"), interest: "membership", message: "Evening classes?" },
  });
  await html("contact sent complete: the confirmation", sent, 200);
  await html("the free intro's open times", await request.get("/api/intro"), 200);
  const { slots } = (await (await request.get("/api/intro-slots")).json()) as { slots: Array<{ start: string }> };
  const booked = await request.post("/api/intro", {
    form: { start: slots.at(-1)!.start, name: "Vera Checker", email: uniqueEmail("vera-") },
  });
  await html("intro booked: the confirmation", booked, 200);
  return answers;
}

test("every built page and every answer to a form sent without script is valid HTML to the W3C checker", async ({ request }) => {
  test.skip(!javaFound && !process.env.CI, "no Java 11 or later on this machine (apt-get install default-jre-headless)");
  test.setTimeout(120_000);
  const answers = await answerPages(request);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "html-checker-"));
  const answerFiles = new Map<string, string>();
  Object.entries(answers).forEach(([label, html], index) => {
    const file = path.join(scratch, `answer-${index}.html`);
    fs.writeFileSync(file, html);
    answerFiles.set(file, `answer: ${label}`);
  });
  const pages = builtPages();
  expect(pages.length, "built pages").toBeGreaterThan(40);

  // --exit-zero-always: the verdict is ours (the accepted list below), read from the JSON report on
  // stdout (the JVM may write notices to stderr). A hung JVM would block the worker past any test
  // timeout: the run has its own.
  const run = spawnSync(
    "java",
    ["-jar", VNU_JAR, "--format", "json", "--errors-only", "--exit-zero-always", "--stdout", ...pages, ...answerFiles.keys()],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 100_000 },
  );
  fs.rmSync(scratch, { recursive: true, force: true });
  if (run.error || run.status !== 0)
    throw new Error(
      `The W3C checker did not run (it needs Java 11 or later: apt-get install default-jre-headless): ${run.error ?? run.stderr}`,
    );
  const { messages } = JSON.parse(run.stdout) as { messages: Message[] };
  const named = (message: Message) => {
    const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "?";
    return answerFiles.get(file) ?? path.relative(process.cwd(), file);
  };
  const errors = messages.filter((message) => message.type === "error" || message.type === "non-document-error");
  const accepted = (file: string, message: Message) =>
    ACCEPTED_ERRORS.some((entry) => entry.file.test(file) && entry.message === message.message);
  const found = errors.map((message) => ({ file: named(message), message })).filter(({ file, message }) => !accepted(file, message));
  expect(
    found.map(({ file, message }) => `${file}: ${message.message}${message.extract ? ` [${message.extract.trim().slice(0, 100)}]` : ""}`),
    "errors from the W3C checker",
  ).toEqual([]);
  // Each accepted error still happens: an entry that no longer matches anything is taken out of the list.
  const unused = ACCEPTED_ERRORS.filter(
    (entry) => !errors.some((message) => entry.file.test(named(message)) && entry.message === message.message),
  );
  expect(
    unused.map((entry) => entry.reason),
    "accepted errors that no longer occur",
  ).toEqual([]);
});
