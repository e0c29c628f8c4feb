import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { readConfig, readLeadWebhook, type LeadWebhook } from "../../../../src/server/config";
import { retryDelayMs } from "../../../../src/server/outbox/sender";
import { processState } from "../../../../src/server/process/state";
import { getStore, kickOutbox, stopBackgroundWork } from "../../../../src/server/app/runtime";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { WebhookBody } from "../../../../src/server/outbox/webhook";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { contactSubmission } from "../../../support/submissions";
import { HANG, RECEIVER_KEY, signatureValid, startWebhookReceiver, type TestReceiver } from "../../../support/webhookReceiver";
import { describeWithPostgres } from "../../support/postgres";
import { serverConfig, webhookEnabled } from "../../../../src/server/process/settings";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * Leads to the gym's other tools: each new lead and status change goes through the outbox to a real
 * HTTP receiver on loopback, signed, on both stores. Retries are driven by an injected clock.
 */

const SECRET = "whsec_0123456789abcdef0123456789abcdef";
const settings = (webhook: LeadWebhook) => ({
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
  webhook,
});

const lead = (id: string, extra: Partial<NewSubmission> = {}): NewSubmission => contactSubmission(id, { webhook: true, ...extra });
const bodies = (receiver: TestReceiver) => receiver.received.map((request) => JSON.parse(request.body) as WebhookBody);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function webhookContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  let receiver: TestReceiver;
  let hook: LeadWebhook;
  beforeEach(async () => {
    store = await open();
    receiver = await startWebhookReceiver();
    hook = { url: receiver.url, secret: SECRET };
  });
  afterEach(async () => {
    await store.close();
    await receiver.stop();
  });

  test("each new lead reaches the receiver once, signed; mail without a mailer waits", async () => {
    const now = new Date();
    const source = { landingPage: "/", referrerHost: "l.facebook.com", utmSource: "facebook", utmMedium: null, utmCampaign: "open-house" };
    await store.insert(lead("C-AAA", { createdAt: new Date(now.getTime() - 60_000), source }));
    await store.insert(
      lead("S-BBB", {
        form: "signup",
        createdAt: new Date(now.getTime() - 30_000),
        payload: { firstName: "Ana", email: "ana@example.com", healthInfo: "Knee surgery in 2024", healthConsent: true },
      }),
    );
    expect(await deliverDue(store, null, settings(hook), now)).toEqual({ sent: 2, failed: 0, gaveUp: 0, more: false });
    expect(receiver.received).toHaveLength(2);
    for (const request of receiver.received) {
      expect(request.path).toBe(`/hooks/lead?key=${RECEIVER_KEY}`);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(signatureValid(SECRET, request.headers["x-signature"] as string, request.body, now)).toBe(true);
      // The check can fail: another body or another secret does not verify.
      expect(signatureValid(SECRET, request.headers["x-signature"] as string, `${request.body} `, now)).toBe(false);
      expect(signatureValid(`${SECRET}x`, request.headers["x-signature"] as string, request.body, now)).toBe(false);
    }
    const [contact, signup] = bodies(receiver);
    expect(contact).toEqual({
      id: expect.stringMatching(UUID),
      event: "lead.created",
      occurredAt: new Date(now.getTime() - 60_000).toISOString(),
      lead: {
        reference: "C-AAA",
        form: "contact",
        receivedAt: new Date(now.getTime() - 60_000).toISOString(),
        status: "new",
        fields: { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Can my 8-year-old try a class?" },
        source,
      },
    });
    // A lead whose source is unknown (sent without JavaScript) says so.
    expect(signup!.lead.source).toBeNull();
    expect(receiver.received[0]!.headers["x-delivery-id"]).toBe(contact!.id);
    expect(signup!.id).not.toBe(contact!.id);
    // Health information was consented for the gym alone: it is not shared.
    expect(signup!.lead.fields).toEqual({ firstName: "Ana", email: "ana@example.com" });
    expect(receiver.received[1]!.body).not.toContain("Knee");

    expect(await deliverDue(store, null, settings(hook), new Date(now.getTime() + 3_600_000))).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(receiver.received).toHaveLength(2);
    const outbox = await store.outbox();
    expect(outbox.map((m) => [m.submissionId, m.kind, m.status, m.attempts])).toEqual([
      ["C-AAA", "staff", "pending", 0],
      ["C-AAA", "webhook", "sent", 1],
      ["S-BBB", "staff", "pending", 0],
      ["S-BBB", "webhook", "sent", 1],
    ]);
  });

  test("a kids' trial is the parent's lead: the class and the parent go, never the child's first name or age", async () => {
    const now = new Date();
    const start = new Date(now.getTime() + 3 * 86_400_000).toISOString();
    await store.insert(
      lead("K-CCC", {
        form: "kids-trial",
        createdAt: new Date(now.getTime() - 1_000),
        payload: { start, childName: "Mia", childAge: 7, name: "Ana Ruiz", email: "ana@example.com", phone: "+12535550100" },
      }),
    );
    expect(await deliverDue(store, null, settings(hook), now)).toMatchObject({ sent: 1 });
    const [trial] = bodies(receiver);
    expect(trial!.lead.fields).toEqual({ start, name: "Ana Ruiz", email: "ana@example.com", phone: "+12535550100" });
    expect(receiver.received[0]!.body).not.toContain("Mia");
  });

  test("a receiver that fails twice, then recovers, gets the lead once more with the same delivery ID", async () => {
    receiver.answers.push(500, 500);
    const start = new Date();
    await store.insert(lead("C-RETRY", { createdAt: start }));
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);

    expect(await deliverDue(store, null, settings(hook), start, log)).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    // Not due again until its backoff has passed.
    const firstRetry = new Date(start.getTime() + retryDelayMs(1));
    expect(await deliverDue(store, null, settings(hook), new Date(firstRetry.getTime() - 1000), log)).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(await deliverDue(store, null, settings(hook), firstRetry, log)).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    const secondRetry = new Date(firstRetry.getTime() + retryDelayMs(2));
    expect(await deliverDue(store, null, settings(hook), secondRetry, log)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });

    expect(logged).toEqual([
      "Webhook delivery for contact C-RETRY failed (attempt 1 of 12): HTTP 500",
      "Webhook delivery for contact C-RETRY failed (attempt 2 of 12): HTTP 500",
    ]);
    expect(receiver.received).toHaveLength(3);
    const ids = bodies(receiver).map((body) => body.id);
    expect(new Set(ids).size).toBe(1);
    expect(receiver.received.map((request) => request.headers["x-delivery-id"])).toEqual(ids);
    // Each attempt is signed when it is sent.
    const sentAt = [start, firstRetry, secondRetry];
    receiver.received.forEach((request, i) => {
      expect(signatureValid(SECRET, request.headers["x-signature"] as string, request.body, sentAt[i]!, 0)).toBe(true);
    });
    expect((await store.outbox()).filter((m) => m.kind === "webhook").map((m) => [m.status, m.attempts, m.lastError])).toEqual([
      ["sent", 3, "HTTP 500"],
    ]);
  });

  test("a status change is delivered as lead.status; the same status, a date alone, or a caller not asking is not", async () => {
    const now = new Date();
    await store.insert(lead("C-STATUS", { createdAt: now }));
    await deliverDue(store, null, settings(hook), now);
    const later = new Date(now.getTime() + 60_000);
    expect(await store.updateLead("C-STATUS", { status: "contacted" }, "coach@gym.example", later, { webhook: true })).toBe(true);
    await store.updateLead("C-STATUS", { status: "contacted", followUpOn: "2026-12-01" }, "coach@gym.example", later, { webhook: true });
    await store.updateLead("C-STATUS", { followUpOn: "2026-12-02" }, "coach@gym.example", later, { webhook: true });
    await store.updateLead("C-STATUS", { status: "lost" }, "coach@gym.example", later);
    expect(await store.updateLead("C-404", { status: "joined" }, "coach@gym.example", later, { webhook: true })).toBe(false);
    expect(await deliverDue(store, null, settings(hook), later)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const [created, changed] = bodies(receiver);
    expect(created!.event).toBe("lead.created");
    expect(changed).toMatchObject({
      event: "lead.status",
      occurredAt: later.toISOString(),
      lead: { reference: "C-STATUS", status: "contacted" },
    });
    expect(changed!.id).not.toBe(created!.id);
  });

  test("a visitor's own booking is delivered as a new lead, then as Intro booked", async () => {
    const now = new Date();
    const start = new Date(now.getTime() + 3 * 86_400_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const booking = { coach: "Dana", start, end, email: "bo@example.com" };
    const payload = { name: "Bo", email: "bo@example.com", start: start.toISOString(), end: end.toISOString(), coach: "Dana" };
    await store.insert(lead("B-BOOKED", { form: "intro", createdAt: now, payload, booking }));
    expect(await deliverDue(store, null, settings(hook), now)).toEqual({ sent: 2, failed: 0, gaveUp: 0, more: false });
    expect(bodies(receiver).map((body) => [body.event, body.lead.reference, body.lead.status])).toEqual([
      ["lead.created", "B-BOOKED", "new"],
      ["lead.status", "B-BOOKED", "intro-booked"],
    ]);
  });

  test("spam is not delivered until restored; a privacy request never is", async () => {
    const now = new Date();
    const source = { landingPage: "/rates/", referrerHost: "www.google.com", utmSource: null, utmMedium: null, utmCampaign: null };
    await store.insert(lead("C-SPAM", { createdAt: now, spam: "too-fast", source }));
    await store.insert(lead("P-REQUEST", { createdAt: now, form: "privacy-request" }));
    await store.updateLead("P-REQUEST", { status: "contacted" }, "owner@gym.example", now, { webhook: true });
    await store.updateLead("C-SPAM", { status: "contacted" }, "owner@gym.example", now, { webhook: true });
    expect((await store.outbox()).filter((m) => m.kind === "webhook")).toEqual([]);
    expect(await deliverDue(store, null, settings(hook), now)).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });

    const later = new Date(now.getTime() + 60_000);
    expect(await store.restoreSpam("C-SPAM", false, later, true)).toBe(true);
    expect(await deliverDue(store, null, settings(hook), later)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(bodies(receiver)).toEqual([
      // Restored, it is a new lead with where it came from.
      expect.objectContaining({ event: "lead.created", lead: expect.objectContaining({ reference: "C-SPAM", source }) }),
    ]);
  });

  test("a deleted lead's webhook goes with it; without the webhook setting the rows wait", async () => {
    const now = new Date();
    await store.insert(lead("C-GONE", { createdAt: now }));
    await store.insert(lead("C-WAIT", { createdAt: now }));
    await store.deleteSubmissions(["C-GONE"], { kind: "request", requestedBy: "staff" }, now);
    // No mailer and no webhook: nothing is claimed, nothing is marked.
    const { webhook: _none, ...mailOnly } = settings(hook);
    expect(await deliverDue(store, null, mailOnly, now)).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    expect((await store.outbox(["pending"])).map((m) => [m.submissionId, m.kind, m.attempts])).toEqual([
      ["C-WAIT", "staff", 0],
      ["C-WAIT", "webhook", 0],
    ]);
    expect(await deliverDue(store, null, settings(hook), now)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(bodies(receiver).map((body) => body.lead.reference)).toEqual(["C-WAIT"]);
  });

  test("after its last attempt it gives up: said once in the log, failed in the outbox, never sent again", async () => {
    receiver.answers.push(500, 503, 500, 500);
    const start = new Date();
    await store.insert(lead("C-GIVEUP", { createdAt: start }));
    const logged: string[] = [];
    const three = { ...settings(hook), maxAttempts: 3 };
    const run = (at: Date) => deliverDue(store, null, three, at, (line) => logged.push(line));
    const second = new Date(start.getTime() + retryDelayMs(1));
    const third = new Date(second.getTime() + retryDelayMs(2));
    expect(await run(start)).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    expect(await run(second)).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    expect(await run(third)).toEqual({ sent: 0, failed: 0, gaveUp: 1, more: false });
    expect(logged).toEqual([
      "Webhook delivery for contact C-GIVEUP failed (attempt 1 of 3): HTTP 500",
      "Webhook delivery for contact C-GIVEUP failed (attempt 2 of 3): HTTP 503",
      "Webhook delivery for contact C-GIVEUP failed (attempt 3 of 3, giving up): HTTP 500",
    ]);
    // Given up for good: a day and a year later nothing is claimed, and the receiver heard three times.
    for (const later of [86_400_000, 365 * 86_400_000]) {
      expect(await run(new Date(third.getTime() + later))).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    }
    expect(receiver.received).toHaveLength(3);
    expect((await store.outbox()).filter((m) => m.kind === "webhook").map((m) => [m.status, m.attempts, m.lastError])).toEqual([
      ["failed", 3, "HTTP 500"],
    ]);
  });

  test("a redirect is not followed: the lead goes only to the address the gym set, and the attempt fails", async () => {
    receiver.answers.push(307, 308);
    const now = new Date();
    await store.insert(lead("C-MOVED", { createdAt: now }));
    const logged: string[] = [];
    expect(await deliverDue(store, null, settings(hook), now, (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 1,
      gaveUp: 0,
      more: false,
    });
    const retry = new Date(now.getTime() + retryDelayMs(1));
    expect(await deliverDue(store, null, settings(hook), retry, (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 1,
      gaveUp: 0,
      more: false,
    });
    // 307 and 308 would repeat the POST, body and signature, at the address the receiver names.
    expect(receiver.received.map((request) => request.path)).toEqual([
      `/hooks/lead?key=${RECEIVER_KEY}`,
      `/hooks/lead?key=${RECEIVER_KEY}`,
    ]);
    expect(logged).toEqual([
      "Webhook delivery for contact C-MOVED failed (attempt 1 of 12): HTTP 307",
      "Webhook delivery for contact C-MOVED failed (attempt 2 of 12): HTTP 308",
    ]);
  });

  test("a receiver that does not answer is given up on at the timeout, one log line, and tried again later", async () => {
    receiver.answers.push(HANG);
    const now = new Date();
    await store.insert(lead("C-SLOW", { createdAt: now }));
    const logged: string[] = [];
    const began = Date.now();
    const quick = { ...settings(hook), webhookTimeoutMs: 500 };
    expect(await deliverDue(store, null, quick, now, (line) => logged.push(line))).toEqual({ sent: 0, failed: 1, gaveUp: 0, more: false });
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(logged).toEqual([expect.stringMatching(/^Webhook delivery for contact C-SLOW failed \(attempt 1 of 12\): .*timeout/i)]);
    expect(logged.join("\n")).not.toContain(RECEIVER_KEY);
    // The next attempt reaches a receiver that answers again.
    const retry = new Date(now.getTime() + retryDelayMs(1));
    expect(await deliverDue(store, null, quick, retry)).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(receiver.received).toHaveLength(2);
  });

  test("an unreachable receiver is one log line without the URL's key or the lead", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const now = new Date();
    await store.insert(lead("C-DOWN", { createdAt: now }));
    const logged: string[] = [];
    const down = { url: `http://127.0.0.1:${port}/hooks/lead?key=${RECEIVER_KEY}`, secret: SECRET };
    expect(await deliverDue(store, null, settings(down), now, (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 1,
      gaveUp: 0,
      more: false,
    });
    expect(logged).toEqual([expect.stringMatching(/^Webhook delivery for contact C-DOWN failed \(attempt 1 of 12\): .*ECONNREFUSED/)]);
    expect(logged.join("\n")).not.toMatch(new RegExp(`${RECEIVER_KEY}|Ana|@`));
  });
}

describe("lead webhook, SQLite store (a real database file)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-webhook-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  webhookContract(async () => openSqliteStore(path.join(dir, "s.sqlite")));
});

describeWithPostgres("lead webhook, PostgreSQL store (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  webhookContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});

describe("lead webhook settings", () => {
  const secret = "s".repeat(32);
  const problem = (env: NodeJS.ProcessEnv) => readLeadWebhook(env).problem;

  test("https anywhere, http only on this machine, with a secret of 32 characters or more", () => {
    expect(readLeadWebhook({})).toEqual({});
    expect(readLeadWebhook({ LEAD_WEBHOOK_URL: "https://hooks.example.com/lead?key=1", LEAD_WEBHOOK_SECRET: secret })).toEqual({
      webhook: { url: "https://hooks.example.com/lead?key=1", secret },
    });
    for (const url of ["http://localhost:8080/in", "http://127.0.0.1/in", "http://[::1]:9/in"])
      expect(readLeadWebhook({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret }).webhook?.url).toBe(url);
  });

  test("each wrong value is one specific line that never repeats the URL or the secret", () => {
    const cases: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [
        { LEAD_WEBHOOK_URL: "http://hooks.example.com/in?key=k1", LEAD_WEBHOOK_SECRET: secret },
        /must start with https:\/\/ .*not http:\/\//,
      ],
      [{ LEAD_WEBHOOK_URL: "hooks.example.com/in?key=k1", LEAD_WEBHOOK_SECRET: secret }, /is not a URL/],
      [{ LEAD_WEBHOOK_URL: "ftp://hooks.example.com/in?key=k1", LEAD_WEBHOOK_SECRET: secret }, /must start with https:\/\//],
      [{ LEAD_WEBHOOK_URL: "https://user:k1@hooks.example.com/in", LEAD_WEBHOOK_SECRET: secret }, /user name or password/],
      [{ LEAD_WEBHOOK_URL: "https://hooks.example.com/in?key=k1" }, /LEAD_WEBHOOK_SECRET must be set/],
      [{ LEAD_WEBHOOK_URL: "https://hooks.example.com/in?key=k1", LEAD_WEBHOOK_SECRET: "short-secret" }, /at least 32 characters, not 12/],
      [{ LEAD_WEBHOOK_SECRET: secret }, /LEAD_WEBHOOK_URL is not/],
    ];
    for (const [env, expected] of cases) {
      const line = problem(env);
      expect(line).toMatch(expected);
      expect(line).toMatch(/the lead webhook is off$/);
      expect(line).not.toMatch(/k1|short-secret|sss/);
      expect(readLeadWebhook(env).webhook).toBeUndefined();
      expect(readConfig(env).problems).toEqual([line]);
    }
  });
});

/** The process's outbox runs (src/server/app/runtime.ts), as the production server and Netlify use them. */
describe("lead webhook in the running server", () => {
  const NAMES = ["DATA_DIR", "SMTP_URL", "STAFF_EMAIL", "LEAD_WEBHOOK_URL", "LEAD_WEBHOOK_SECRET"] as const;
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  let dir: string;
  let receiver: TestReceiver;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-webhook-run-"));
    receiver = await startWebhookReceiver();
    for (const name of NAMES) delete process.env[name];
    process.env.DATA_DIR = dir;
  });
  afterEach(async () => {
    await stopBackgroundWork(Promise.resolve());
    const state = processState();
    for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await receiver.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("without SMTP, a kick posts the webhook and leaves the staff e-mail waiting", async () => {
    Object.assign(process.env, { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
    expect(webhookEnabled()).toBe(true);
    const store = await getStore();
    await store.insert(lead("C-NOSMTP"));
    kickOutbox({ timer: false });
    const state = processState();
    while (state.delivering) await state.delivering;
    expect(bodies(receiver).map((body) => body.lead.reference)).toEqual(["C-NOSMTP"]);
    expect((await store.outbox()).map((m) => [m.kind, m.status])).toEqual([
      ["staff", "pending"],
      ["webhook", "sent"],
    ]);
  });

  test("a wrong setting is one log line, and the webhook is off", () => {
    Object.assign(process.env, { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: "too-short" });
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      serverConfig();
      serverConfig();
      expect(webhookEnabled()).toBe(false);
      expect(errors.mock.calls).toEqual([[expect.stringMatching(/^Setting ignored: LEAD_WEBHOOK_SECRET must be at least 32 characters/)]]);
    } finally {
      errors.mockRestore();
    }
  });
});
