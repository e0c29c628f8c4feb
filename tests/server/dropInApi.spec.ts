import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { addDays, formatLongDate, weekdayOf } from "../../src/content/dates";
import { waiverVersion } from "../../src/server/waiver";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_DAY_SITE } from "../support/buildDay";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp } from "../support/smtp";
import { openSqliteStore } from "../../src/server/app/store";

/** POST /api/drop-in on the production server: the same guards, store and staff mail as every form. */

// The visit's day is checked against the server's today: the server and these tests are on the build's day.
test.use({ baseURL: BUILD_DAY_SITE.url });

const version = waiverVersion(JSON.parse(fs.readFileSync("content/waiver.json", "utf8")) as { paragraphs: string[] });

/** The next Monday after the build's day (CrossFit has classes on Mondays), within the 60 days a visit may be ahead. */
function nextMonday(): string {
  let date = addDays(BUILD_DAY, 1);
  while (weekdayOf(date) !== "Monday") date = addDays(date, 1);
  return date;
}

const visit = () => ({
  visitDate: nextMonday(),
  name: "Kai Moana",
  email: "Kai@Example.com",
  affiliate: "CrossFit Hilo",
  ageGroup: "18+",
  waiverAccepted: true,
  waiverVersion: version,
  elapsedMs: 9000,
});

async function stored(id: string) {
  const store = openSqliteStore(path.join(BUILD_DAY_SITE.dataDir, "submissions.sqlite"));
  try {
    // The privacy tools find a person's data by address (src/server/privacy/): a drop-in must be among it.
    const held = (await store.findByEmail("kai@example.com")).map((s) => s.id);
    return { submission: await store.get(id), waivers: await store.waivers(), held };
  } finally {
    await store.close();
  }
}

test("a drop-in is stored before the 201 answer, with the waiver's text kept, and found by the visitor's address", async ({ request }) => {
  const response = await request.post("/api/drop-in", { data: visit() });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  expect(id).toMatch(/^V-[0-9A-HJKMNP-TV-Z]{10}$/);
  const { submission, waivers, held } = await stored(id);
  expect(held).toContain(id);
  expect(submission?.form).toBe("drop-in");
  const { elapsedMs: _elapsed, ...fields } = visit();
  expect(submission?.payload).toEqual({ ...fields, email: "kai@example.com" });
  expect(waivers.map((waiver) => waiver.version)).toContain(version);
});

test("bad input is refused with 422 naming each field, and nothing is stored", async ({ request }) => {
  const sunday = addDays(nextMonday(), -1);
  const response = await request.post("/api/drop-in", {
    data: { ...visit(), visitDate: sunday, email: "kai@", waiverAccepted: false, plan: "unlimited" },
  });
  expect(response.status()).toBe(422);
  const { errors } = (await response.json()) as { errors: Record<string, string> };
  expect(errors).toEqual({
    email: "Enter an email address like name@example.com",
    waiverAccepted: "Read and accept the waiver to continue",
    plan: "This field is not part of the form",
  });
  // The date rule runs once the fields themselves are valid.
  const wrongDay = await request.post("/api/drop-in", { data: { ...visit(), visitDate: sunday } });
  expect(wrongDay.status()).toBe(422);
  expect(((await wrongDay.json()) as { errors: Record<string, string> }).errors).toEqual({
    visitDate: expect.stringMatching(/^We have no drop-in class on Sundays: choose a Monday/),
  });
  // A visitor under 18 without a guardian has not signed: refused, and said why.
  const noGuardian = await request.post("/api/drop-in", { data: { ...visit(), ageGroup: "13-17" } });
  expect(noGuardian.status()).toBe(422);
  expect(((await noGuardian.json()) as { errors: Record<string, string> }).errors).toEqual({
    guardianName: "Visitors under 18 need a parent or guardian: enter their name",
  });
  const staleWaiver = await request.post("/api/drop-in", { data: { ...visit(), waiverVersion: "an-older-waiver" } });
  expect(((await staleWaiver.json()) as { errors: Record<string, string> }).errors).toEqual({
    waiverAccepted: expect.stringMatching(/waiver was updated/),
  });
  expect((await request.post("/api/drop-in", { headers: { "Content-Type": "text/plain" }, data: "hello" })).status()).toBe(415);
  const store = openSqliteStore(path.join(BUILD_DAY_SITE.dataDir, "submissions.sqlite"));
  const listed = await store.list({ form: "drop-in" });
  await store.close();
  expect(listed.filter((s) => s.payload.visitDate === sunday)).toEqual([]);
});

test.describe("with its own server", () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("with SMTP_URL and STAFF_EMAIL a drop-in is e-mailed to staff, naming the visitor and the day", async () => {
    const smtp = await startTestSmtp();
    try {
      server = await startProductionServer({ env: { ...BUILD_DAY_SERVER_ENV, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
      const response = await fetch(`${server.url}/api/drop-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(visit()),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      // The staff's alert, then the visitor's instant answer (tests/server/instantAnswer.spec.ts). Waiting
      // for the alert alone would pass or fail on whether the answer had come yet.
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);
      const [mail, answer] = smtp.received;
      expect(mail!.to).toEqual(["coaches@gym.example"]);
      expect(answer!.to).toEqual(["kai@example.com"]);
      expect(answer!.header("Subject")).toMatch(/^Your drop-in at /);
      expect(mail!.header("Subject")).toBe(`Drop-in visit from Kai Moana (${formatLongDate(nextMonday())}) [${id}]`);
      expect(mail!.header("Reply-To")).toBe("kai@example.com");
      expect(mail!.raw).toContain("Affiliate: CrossFit Hilo");
    } finally {
      await smtp.stop();
    }
  });
});
