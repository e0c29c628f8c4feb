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
import type { LeadDetail } from "../../../../src/desk/leads";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { StaffError, type StaffContext } from "../../../../src/server/staff/guard";
import type { ServerConfig } from "../../../../src/server/config";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";
import { askStaffRoute } from "../../support/staffRequest";
import { readPaymentEvent } from "../../../../src/server/payments/events";
import { checkoutSession, stripeEvent } from "../../../support/stripe";

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
      error: `You have sent ${REPLIES_PER_HOUR} replies and texts in the last hour, the most one account may send. You can send again at 11:00 AM.`,
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
      error: `The gym's accounts have sent ${GYM_REPLIES_PER_HOUR} replies and texts in the last hour, the most all staff together may send. You can send again at 11:00 AM.`,
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

/**
 * The owner's merge of two people who share a phone number, through the staff door as the server runs
 * it: offered to the owner only, refused to a coach and to another site's page, each refusal a clear
 * 4xx that changes nothing, and the merge audited.
 */
function mergeRouteContract(open: () => Promise<SubmissionStore>) {
  const NOW = new Date("2026-11-30T18:00:00Z");
  const sessions = { owner: newToken(), coach: newToken() };
  let store: SubmissionStore;
  beforeAll(async () => {
    store = await open();
    const state = processState();
    state.store = Promise.resolve(store);
    state.config = readConfig({ SITE_URL: "https://gym.example" });
    state.stopping = true;
    for (const role of ["owner", "coach"] as const) {
      await store.addStaff(`${role}@gym.example`, role, NOW);
      await store.createSession(hashToken(sessions[role]), `${role}@gym.example`, NOW);
    }
    const contact = (id: string, createdAt: string, email: string, phone: string): NewSubmission => ({
      id,
      form: "contact",
      createdAt: new Date(createdAt),
      payload: { name: "Ana Ruiz", email, phone, interest: "membership", message: "Evenings?" },
      spam: null,
      notify: false,
    });
    await store.insert(contact("C-WORK000001", "2026-11-30T10:00:00Z", "ana.ruiz@work.example", "+12535550177"));
    await store.insert(contact("C-HOME000001", "2026-11-29T10:00:00Z", "anaruiz@gmail.com", "+12535550177"));
    await store.insert(contact("C-ELSE000001", "2026-11-29T11:00:00Z", "else@example.com", "+12535550100"));
    await store.insert({ ...contact("H-HOLD000001", "2026-11-29T12:00:00Z", "ana.ruiz@work.example", ""), form: "membership-hold" });
  });
  afterAll(async () => {
    const state = processState();
    Object.assign(state, { store: undefined, config: undefined, stopping: undefined });
    await store.close();
  });

  const ask = (role: "owner" | "coach", body: Record<string, unknown>, origin = "https://gym.example") =>
    askStaffRoute("lead", lead, { session: sessions[role], body: { id: "C-WORK000001", action: "merge", ...body }, origin }, NOW);
  const read = async (role: "owner" | "coach", id: string) =>
    (await askStaffRoute("lead", lead, { method: "GET", session: sessions[role], query: { id } }, NOW)).body as LeadDetail;

  test("offered to the owner only, named; refused to a coach and to another site's page; every refusal a 4xx that changes nothing", async () => {
    const [work, home] = [(await store.personOf("C-WORK000001"))!.id, (await store.personOf("C-HOME000001"))!.id];
    expect((await read("owner", "C-WORK000001")).person?.samePhone).toEqual([
      { id: home, name: "Ana Ruiz", email: "anaruiz@gmail.com", status: "new", forms: 1 },
    ]);
    expect((await read("coach", "C-WORK000001")).person?.samePhone).toEqual([]);

    const refusals: Array<[string, Promise<{ status: number; body: unknown }>, number, string | RegExp]> = [
      ["a coach", ask("coach", { other: home }), 403, "Only the gym's owner can merge people."],
      ["another site's page", ask("owner", { other: home }, "https://evil.example"), 403, /./],
      ["no other", ask("owner", {}), 400, "Give the reference of the person to merge into this one."],
      ["more than asked", ask("owner", { other: home, status: "lost" }), 400, "Send only id, action and other."],
      ["itself", ask("owner", { other: work }), 400, "A person cannot be merged into themselves: choose the other person."],
      [
        "its own form",
        ask("owner", { id: work, other: "C-WORK000001" }),
        409,
        "C-WORK000001 is already part of this person: nothing to merge.",
      ],
      ["nobody", ask("owner", { other: "N-NOBODY0000" }), 404, "No person has the reference N-NOBODY0000. They may have been deleted."],
      [
        "from nobody",
        ask("owner", { id: "N-NOBODY0000", other: home }),
        404,
        "No lead has the reference N-NOBODY0000. It may have been deleted.",
      ],
      [
        "a member's form",
        ask("owner", { other: "H-HOLD000001" }),
        409,
        "H-HOLD000001 is a member's form, a privacy request or spam, not a person: only people can be merged.",
      ],
      [
        "no phone in common",
        ask("owner", { other: "C-ELSE000001" }),
        409,
        "C-ELSE000001 gave no phone number this person gave: only people who share one can be merged.",
      ],
    ];
    for (const [why, answer, status, error] of refusals) {
      const { status: got, body } = await answer;
      expect([why, got]).toEqual([why, status]);
      expect((body as { error: string }).error).toMatch(
        typeof error === "string" ? new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : error,
      );
    }
    expect(await store.personOf(home).then((person) => person?.id)).toBe(home);
    expect((await store.auditLog(100)).filter((entry) => entry.action === "lead.merge")).toEqual([]);
  });

  test("merged: the answer is the person kept, the merge on their timeline, audited; the other's old reference opens them; a second press is refused", async () => {
    const [work, home] = [(await store.personOf("C-WORK000001"))!.id, (await store.personOf("C-HOME000001"))!.id];
    const merged = await ask("owner", { other: home });
    expect(merged.status).toBe(200);
    const detail = merged.body as LeadDetail;
    expect(detail.person).toMatchObject({ id: work, samePhone: [] });
    expect(detail.lead.forms).toBe(2);
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "merge", actor: "owner@gym.example", body: home });
    expect(
      (await store.auditLog(100)).filter((entry) => entry.action === "lead.merge").map((entry) => `${entry.actor} ${entry.target}`),
    ).toEqual([`owner@gym.example ${home} into ${work}`]);
    expect((await read("coach", home)).person?.id).toBe(work);
    expect((await read("coach", "C-HOME000001")).person?.id).toBe(work);
    const again = await ask("owner", { other: home });
    expect([again.status, (again.body as { error: string }).error]).toEqual([
      409,
      `${home} is already part of this person: nothing to merge.`,
    ]);
  });
}

describe("SQLite: the owner's merge through the staff door (a real database file)", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  mergeRouteContract(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-merge-route-"));
    return Promise.resolve(openSqliteStore(path.join(dir, "s.sqlite")));
  });
});

describeWithPostgres("PostgreSQL: the owner's merge through the staff door (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  mergeRouteContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});

test("a person's page: a payment Stripe reported, and the Joined it made, are on the timeline by Stripe", async () => {
  await store.insert({
    id: "C-PAYER00001",
    form: "contact",
    createdAt: new Date("2026-11-27T17:00:00Z"),
    payload: { name: "Pat Payer", email: "pat@example.com", interest: "membership", message: "Hi" },
    spam: null,
    notify: false,
  });
  await store.insert({
    id: "S-PAYER00001",
    form: "signup",
    createdAt: new Date("2026-11-28T17:00:00Z"),
    payload: { firstName: "Pat", lastName: "Payer", email: "pat@example.com", plan: "unlimited", startDate: "2026-12-07" },
    spam: null,
    notify: false,
  });
  const read = readPaymentEvent(
    stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: "S-PAYER00001" }), {
      created: Math.floor(Date.parse("2026-11-28T17:05:00Z") / 1000),
    }),
  );
  if (read.kind !== "payment") throw new Error("not read");
  await store.recordPayment(read.facts, new Date("2026-11-28T17:05:02Z"));
  const context = {
    store,
    now: new Date("2026-11-29T18:00:00Z"),
    query: { id: "C-PAYER00001" },
    staff: { email: "coach@gym.example", role: "coach" },
    config: MAIL_UNSET,
  } as unknown as StaffContext<LeadStore>;
  const detail = (await lead.GET!.run(context)).json as LeadDetail;
  expect(detail.lead.status).toBe("joined");
  expect(detail.timeline.slice(-2)).toEqual([
    { at: "2026-11-28T17:05:00.000Z", kind: "status", actor: "stripe", status: "joined" },
    {
      at: "2026-11-28T17:05:00.000Z",
      kind: "payment",
      actor: "stripe",
      payment: { kind: "completed", amount: 16500, currency: "usd", what: "the Unlimited CrossFit sign-up", pending: false, test: true },
    },
  ]);
});
