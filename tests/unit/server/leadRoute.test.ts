import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { site } from "../../../src/server/content";
import { lead } from "../../../src/server/leads/leadRoute";
import { StaffError, type StaffContext } from "../../../src/server/staff/guard";
import type { ServerConfig } from "../../../src/server/config";
import { openSqliteStore } from "../../../src/server/store/sqlite";
import type { SubmissionStore } from "../../../src/server/store/types";

/** The lead page's answer and its reply, from a real store: what staff read of a lead and what they can send. */

const MAIL_SET = { smtpUrl: "smtp://127.0.0.1:2525", staffEmail: "coaches@gym.example", siteUrl: "https://gym.example" } as ServerConfig;
const MAIL_UNSET = { siteUrl: "https://gym.example" } as ServerConfig;
let dir: string;
let store: SubmissionStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-lead-route-"));
  store = openSqliteStore(path.join(dir, "s.sqlite"));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("an intro's start and end read in the gym's zone and words, not as instants in UTC", async () => {
  expect(site.timeZone).toBe("America/Los_Angeles");
  const start = new Date("2026-12-01T15:30:00.000Z");
  const end = new Date("2026-12-01T16:00:00.000Z");
  await store.insert({
    id: "B-AAAAAAAAAA",
    form: "intro",
    createdAt: new Date("2026-11-27T09:52:34.572Z"),
    payload: { start: start.toISOString(), end: end.toISOString(), coach: "Ana", name: "Kai Lee", email: "kai@example.com" },
    spam: null,
    notify: false,
    booking: { coach: "Ana", start, end, email: "kai@example.com" },
  });
  // Only what the GET reads; the rest of a request's context is the guard's.
  const context = {
    store,
    now: new Date("2026-11-27T10:00:00Z"),
    query: { id: "B-AAAAAAAAAA" },
    staff: { email: "owner@gym.example", role: "owner" },
    config: MAIL_SET,
  } as unknown as StaffContext;
  const reply = await lead.GET!.run(context);
  const { fields } = (reply.json as { lead: { fields: Array<{ name: string; value: string }> } }).lead;
  expect(fields).toEqual([
    { name: "start", value: "Tuesday, December 1, 2026 at 7:30 AM Pacific Standard Time" },
    { name: "end", value: "Tuesday, December 1, 2026 at 8:00 AM Pacific Standard Time" },
    { name: "coach", value: "Ana" },
    { name: "name", value: "Kai Lee" },
    { name: "email", value: "kai@example.com" },
  ]);
});

/** A POST as the guard hands it on: a coach, auditing into a list. */
function post(body: Record<string, unknown>, config: ServerConfig, role: "owner" | "coach" = "coach") {
  const audited: string[] = [];
  const context = {
    store,
    now: new Date("2026-11-27T18:00:00Z"),
    body,
    query: {},
    staff: { email: `${role}@gym.example`, role },
    config,
    audit: (action: string, target?: string) => {
      audited.push(`${action} ${target ?? ""}`.trim());
      return Promise.resolve();
    },
  } as unknown as StaffContext;
  return { run: () => lead.POST!.run(context), audited };
}

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof StaffError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

test("the lead offers the owner's templates filled in for this lead: first name and the booking page", async () => {
  await store.insert({
    id: "C-TEMPLATES",
    form: "contact",
    createdAt: new Date("2026-11-27T17:00:00Z"),
    payload: { name: "Rosa Maria Flow", email: "rosa@example.com", interest: "membership", message: "6 am?" },
    spam: null,
    notify: false,
  });
  const context = {
    store,
    now: new Date("2026-11-27T18:00:00Z"),
    query: { id: "C-TEMPLATES" },
    staff: { email: "c@gym.example", role: "coach" },
    config: MAIL_SET,
  };
  const answer = (await lead.GET!.run(context as unknown as StaffContext)).json as {
    reply: { possible: boolean; mailReady: boolean; templates: Array<{ name: string; subject: string; body: string }> };
  };
  expect(answer.reply.possible).toBe(true);
  expect(answer.reply.mailReady).toBe(true);
  const intro = answer.reply.templates.find((template) => template.name === "Thanks: book a free intro");
  expect(intro?.body).toMatch(/^Hi Rosa,\n\n/);
  expect(intro?.body).toContain("https://gym.example/intro/");
  expect(intro?.body).not.toMatch(/\{(name|intro)\}/);
});

test("a reply: sent by a coach and audited; refused with a reason for a bad subject, no address, a privacy request, or mail not set up", async () => {
  const base = { id: "C-TEMPLATES", action: "reply", subject: "Thanks", text: "Hi Rosa" };
  expect(await refusal(post({ ...base, subject: "Thanks\nBcc: x@evil.example" }, MAIL_SET).run)).toEqual({
    status: 400,
    message: "Write the subject on one line.",
  });
  expect(await refusal(post({ ...base, text: "   " }, MAIL_SET).run)).toEqual({ status: 400, message: "Write the reply." });
  expect(await refusal(post({ ...base, cc: "x@evil.example" }, MAIL_SET).run)).toEqual({
    status: 400,
    message: "Send only id, action, subject and text.",
  });
  expect((await refusal(post(base, MAIL_UNSET).run)).status).toBe(409);
  await store.insert({
    id: "C-NOMAIL",
    form: "contact",
    createdAt: new Date(),
    payload: { name: "Phone Only", phone: "+12535550100" },
    spam: null,
    notify: false,
  });
  expect(await refusal(post({ ...base, id: "C-NOMAIL" }, MAIL_SET).run)).toEqual({
    status: 409,
    message: "This lead gave no e-mail address: call or text instead.",
  });
  await store.insert({
    id: "P-REQUEST",
    form: "privacy-request",
    createdAt: new Date(),
    payload: { email: "p@example.com", request: "access" },
    spam: null,
    notify: false,
  });
  expect((await refusal(post({ ...base, id: "P-REQUEST" }, MAIL_SET, "owner").run)).message).toBe(
    "Answer a privacy request from the Privacy screen.",
  );
  // Nothing of the refused ones was queued.
  expect((await store.outbox()).filter((m) => m.kind === "reply")).toEqual([]);

  const sent = post(base, MAIL_SET);
  const answer = (await sent.run()).json as { lead: { status: string; response: { clockMs: number } | null } };
  expect(answer.lead.status).toBe("contacted");
  expect(answer.lead.response?.clockMs).toBe(3_600_000);
  expect(sent.audited).toEqual(["lead.reply C-TEMPLATES"]);
  expect((await store.outbox()).filter((m) => m.kind === "reply").map((m) => m.submissionId)).toEqual(["C-TEMPLATES"]);
});
