import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "../../../../src/server/config";
import { site } from "../../../../src/server/content";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { processState } from "../../../../src/server/process/state";
import { hashToken, newToken } from "../../../../src/server/staff/auth";
import { GYM_REPLIES_PER_HOUR, REPLIES_PER_HOUR } from "../../../../src/desk/limits";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { describeWithPostgres } from "../../support/postgres";
import { lead } from "../../../../src/server/leads/leadRoute";
import type { LeadStore } from "../../../../src/server/leads/types";
import { StaffError, type StaffContext } from "../../../../src/server/staff/guard";
import type { ServerConfig } from "../../../../src/server/config";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";
import { askStaffRoute } from "../../support/staffRequest";

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
  } as unknown as StaffContext<LeadStore>;
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
    kick: () => undefined,
  } as unknown as StaffContext<LeadStore>;
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
  const answer = (await lead.GET!.run(context as unknown as StaffContext<LeadStore>)).json as {
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
  // Audited in the same write as the reply (the store's), not by the route afterwards.
  expect(sent.audited).toEqual([]);
  expect((await store.auditLog(10)).map((entry) => `${entry.actor} ${entry.action} ${entry.target}`)).toEqual([
    "coach@gym.example lead.reply C-TEMPLATES",
  ]);
  expect((await store.outbox()).filter((m) => m.kind === "reply").map((m) => m.submissionId)).toEqual(["C-TEMPLATES"]);
});

/**
 * Replies through the staff guard, as the server runs them, on both databases, with mail to a real SMTP
 * server on loopback: each reply is audited (who, which lead; not the text), and one staff account sends
 * at most REPLIES_PER_HOUR an hour, counted in the store so that two servers on one database share it.
 */
function replyLimitContract(open: () => Promise<{ store: SubmissionStore; again: () => Promise<SubmissionStore> }>) {
  // Monday, November 30, 10:00 at the gym.
  const NOW = new Date("2026-11-30T18:00:00Z");
  const sessions = { coach: newToken(), other: newToken() };
  const emails = { coach: "coach@gym.example", other: "other.coach@gym.example" };
  let store: SubmissionStore;
  let again: () => Promise<SubmissionStore>;
  let smtp: TestSmtp;
  beforeAll(async () => {
    ({ store, again } = await open());
    smtp = await startTestSmtp();
    const state = processState();
    state.store = Promise.resolve(store);
    state.config = {
      ...readConfig({ SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example", SITE_URL: "https://gym.example" }),
      leadReminderMinutes: 0,
      morningDigest: false,
    };
    // The outbox is sent below, on the test's clock, not by the route's kick on the machine's.
    state.stopping = true;
    for (const who of ["coach", "other"] as const) {
      await store.addStaff(emails[who], "coach", NOW);
      await store.createSession(hashToken(sessions[who]), emails[who], NOW);
    }
    await store.insert({
      id: "C-LIMITED001",
      form: "contact",
      createdAt: new Date("2026-11-30T17:00:00Z"),
      payload: { name: "Rosa Flow", email: "rosa@example.com", interest: "membership", message: "6 am?" },
      spam: null,
      notify: false,
    });
  });
  afterAll(async () => {
    const state = processState();
    clearInterval(state.outboxTimer);
    Object.assign(state, { store: undefined, config: undefined, stopping: undefined, outboxTimer: undefined });
    await store.close();
    await smtp.stop();
  });

  const reply = (who: "coach" | "other", text: string, subject?: string) => replyWith(sessions[who], text, subject);
  const replyWith = (session: string, text: string, subject = "Your first class") =>
    askStaffRoute(
      "lead",
      lead,
      { session, body: { id: "C-LIMITED001", action: "reply", subject, text }, origin: "https://gym.example" },
      NOW,
    );
  const replies = async () => (await store.outbox()).filter((message) => message.kind === "reply");

  test("each reply is audited; past the hour's limit a reply is refused, saying when, and neither queued nor audited", async () => {
    // A reply refused for what it holds spends nothing of the limit.
    expect((await reply("coach", "Hi", "Two\nlines")).status).toBe(400);
    for (let n = 1; n <= REPLIES_PER_HOUR; n++) expect((await reply("coach", `Reply ${n}: the secret word is tangerine`)).status).toBe(200);
    const refused = await reply("coach", "One too many");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: `You have sent ${REPLIES_PER_HOUR} replies in the last hour, the most one account may send. You can send again at 11:00 AM.`,
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await replies()).toHaveLength(REPLIES_PER_HOUR);
    expect((await store.notes("C-LIMITED001")).filter((note) => note.body.includes("One too many"))).toEqual([]);
    // Who and which lead, once per reply sent; never what it said or to whom.
    const audited = await store.auditLog(100);
    expect(audited).toHaveLength(REPLIES_PER_HOUR);
    expect(new Set(audited.map((entry) => JSON.stringify(entry)))).toEqual(
      new Set([JSON.stringify({ at: NOW, actor: emails.coach, action: "lead.reply", target: "C-LIMITED001" })]),
    );
    expect(JSON.stringify(audited)).not.toMatch(/tangerine|rosa@example\.com|Your first class/);

    // The limit is the account's: another coach still replies.
    expect((await reply("other", "Hi Rosa, from the other coach")).status).toBe(200);
    // Counted in the store: a second server on the same database refuses the first coach too.
    const second = await again();
    processState().store = Promise.resolve(second);
    try {
      expect((await reply("coach", "From the other server")).status).toBe(429);
    } finally {
      processState().store = Promise.resolve(store);
      await second.close();
    }
    expect(await replies()).toHaveLength(REPLIES_PER_HOUR + 1);

    // What was queued reaches the visitor: the 30 and the other coach's, nothing refused.
    const mailer = smtpMailer(smtp.url);
    const settings = {
      staffEmail: "coaches@gym.example",
      mailFrom: "Website <forms@gym.example>",
      domain: "gym.example",
      siteUrl: "https://gym.example",
    };
    while ((await deliverDue(store, mailer, settings, new Date(NOW.getTime() + 60_000))).sent > 0);
    expect(smtp.received).toHaveLength(REPLIES_PER_HOUR + 1);
    expect(smtp.received.every((mail) => mail.to.join() === "rosa@example.com")).toBe(true);
    expect(smtp.received.map((mail) => mail.raw).join()).not.toMatch(/One too many|From the other server/);
  }, 60_000);

  test("all accounts together send at most the gym's hourly limit, and the refusal says so and when", async () => {
    // So far this hour: the first coach's 30 and the other coach's 1.
    let sent = REPLIES_PER_HOUR + 1;
    const more = ["third", "fourth", "fifth", "sixth"].map((name) => ({ email: `${name}@gym.example`, session: newToken() }));
    for (const account of more) {
      await store.addStaff(account.email, "coach", NOW);
      await store.createSession(hashToken(account.session), account.email, NOW);
    }
    let refused: Awaited<ReturnType<typeof reply>> | undefined;
    for (const account of more) {
      for (let n = 0; n < REPLIES_PER_HOUR && !refused; n++) {
        const answer = await replyWith(account.session, `From ${account.email}, ${n}`);
        if (answer.status === 200) sent += 1;
        else refused = answer;
      }
    }
    expect(sent).toBe(GYM_REPLIES_PER_HOUR);
    expect(refused?.status).toBe(429);
    expect(refused?.body).toEqual({
      error: `The gym's accounts have sent ${GYM_REPLIES_PER_HOUR} replies in the last hour, the most all staff together may send. You can send again at 11:00 AM.`,
    });
    expect(await replies()).toHaveLength(GYM_REPLIES_PER_HOUR);
    expect((await store.auditLog(1_000)).filter((entry) => entry.action === "lead.reply")).toHaveLength(GYM_REPLIES_PER_HOUR);
  }, 120_000);
}

describe("SQLite: the reply limit and the audit (a real database file)", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  replyLimitContract(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-reply-limit-"));
    const file = path.join(dir, "s.sqlite");
    return Promise.resolve({ store: openSqliteStore(file), again: () => Promise.resolve(openSqliteStore(file)) });
  });
});

describeWithPostgres("PostgreSQL: the reply limit and the audit (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  replyLimitContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    return { store: await openPostgresStore(url), again: () => openPostgresStore(url) };
  });
});
