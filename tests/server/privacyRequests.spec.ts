import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp } from "../support/smtp";
import { staffSession, withStore } from "../support/staff";

/**
 * Privacy requests on the production server (host/main.ts): the per-connection limit applies to them but
 * never the form's ceiling, and the confirmation link's endpoint, POST /api/privacy-confirm, is guarded
 * as the forms are and spends its token once, on PostgreSQL as on SQLite.
 */
const json = { "Content-Type": "application/json" };
const request = (i: number) => ({ name: `Member ${i}`, email: `m${i}@example.com`, request: "access", elapsedMs: 9000 });
const post = (url: string, endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/${endpoint}`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) });
const errorOf = async (response: Response) => ((await response.json()) as { error?: string }).error;

let servers: RunningServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
});

test("privacy requests meet the per-connection limit, and never the form's ceiling", async () => {
  // As behind nginx (TRUST_PROXY): the X-Forwarded-For address is the visitor.
  const server = await startProductionServer({ env: { TRUST_PROXY: "1", FORM_RATE_LIMIT_PER_MINUTE: "3", FORM_CEILING_PER_MINUTE: "1" } });
  servers.push(server);
  const one = { "X-Forwarded-For": "198.51.100.7" };
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await post(server.url, "privacy-request", request(i), one));
  // Three accepted from one connection, over a ceiling of one: the ceiling never refuses them.
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
  expect(await errorOf(answers[3]!)).toBe("Too many forms sent from your connection. Please wait a minute and try again.");
  expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
  // Another connection is not held up by the first one's count.
  expect((await post(server.url, "privacy-request", request(9), { "X-Forwarded-For": "198.51.100.8" })).status).toBe(201);
});

test("a request naming someone else's address is neither exported nor deleted until that address confirms it", async () => {
  const smtp = await startTestSmtp();
  try {
    const server = await startProductionServer({ env: { SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
    servers.push(server);
    // Sam's contact message, then a stranger's deletion request naming Sam's address.
    const contact = { name: "Sam Ito", email: "sam@example.com", interest: "general", message: "Open gym hours?", elapsedMs: 9000 };
    expect((await post(server.url, "contact", contact)).status).toBe(201);
    const sent = await post(server.url, "privacy-request", {
      name: "Sam Ito",
      email: "sam@example.com",
      request: "deletion",
      elapsedMs: 9000,
    });
    const { id } = (await sent.json()) as { id: string };
    const owner = { Cookie: `__Host-staff=${await staffSession(server.dataDir, "owner@gym.example", "owner")}`, Origin: server.url };
    const exported = await fetch(`${server.url}/api/staff/privacy?export=${id}`, { headers: owner });
    const deleted = await post(server.url, "staff/privacy", { action: "delete", request: id, confirm: "sam@example.com" }, owner);
    for (const answer of [exported, deleted]) {
      expect(answer.status).toBe(409);
      expect(await errorOf(answer)).toMatch(new RegExp(`^${id} is not confirmed yet: `));
    }
    expect((await withStore(server.dataDir, (store) => store.findByEmail("sam@example.com"))).map((s) => s.form)).toEqual([
      "contact",
      "privacy-request",
    ]);
  } finally {
    await smtp.stop();
  }
});

test("POST /api/privacy-confirm is guarded as the forms are: method, Origin, JSON, 16 KB, per-connection limit", async () => {
  const server = await startProductionServer({ env: { TRUST_PROXY: "1", FORM_RATE_LIMIT_PER_MINUTE: "3" } });
  servers.push(server);
  const url = `${server.url}/api/privacy-confirm`;
  const from = (i: number) => ({ "X-Forwarded-For": `203.0.113.${i}` });
  const get = await fetch(url, { headers: from(1) });
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  const foreign = await post(server.url, "privacy-confirm", { token: "A".repeat(43) }, { ...from(2), Origin: "https://evil.example" });
  expect(foreign.status).toBe(403);
  const text = await fetch(url, { method: "POST", headers: { ...from(3), "Content-Type": "text/plain" }, body: "token" });
  expect(text.status).toBe(415);
  const large = await post(server.url, "privacy-confirm", { token: "A".repeat(43), padding: "x".repeat(17 * 1024) }, from(4));
  expect(large.status).toBe(413);
  const malformed = await post(server.url, "privacy-confirm", { token: "not a token" }, from(5));
  expect(malformed.status).toBe(400);
  expect(await errorOf(malformed)).toMatch(/^This link does not match any request\./);
  const unknown = await post(server.url, "privacy-confirm", { token: "A".repeat(43) }, from(5));
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get("cache-control")).toBe("no-store");
  expect(unknown.headers.get("x-robots-tag")).toBe("noindex");
  expect((await post(server.url, "privacy-confirm", { token: "B".repeat(43) }, from(5))).status).toBe(404);
  const limited = await post(server.url, "privacy-confirm", { token: "C".repeat(43) }, from(5));
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await errorOf(limited)).toMatch(/Too many tries from your connection/);
});

test("on PostgreSQL: the mailed link confirms once however often it is sent, and the store keeps only the token's hash", async () => {
  test.setTimeout(90_000);
  const pg = await startTestPostgres();
  // Skipped only on a developer machine without PostgreSQL; CI installs it, so there it must run.
  test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
  const smtp = await startTestSmtp();
  try {
    const databaseUrl = await pg!.createDatabase();
    const server = await startProductionServer({
      env: { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example", FORM_RATE_LIMIT_PER_MINUTE: "100" },
    });
    servers.push(server);
    const sent = await post(server.url, "privacy-request", {
      name: "Dana Reyes",
      email: "dana@example.com",
      request: "deletion",
      elapsedMs: 9000,
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["dana@example.com"]);
    const token = /\/privacy\/confirm\/#token=([A-Za-z0-9_-]{43})/.exec(mimePart(mail!.raw, "text/plain") ?? "")?.[1];
    expect(token, "the mail carries the link").toBeDefined();

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const stored = await db.query("SELECT token_hash, confirmed_at FROM request_confirmations WHERE submission_id = $1", [id]);
      expect(stored.rows).toEqual([{ token_hash: createHash("sha256").update(token!).digest("hex"), confirmed_at: null }]);
      // Sent, so the mail's copy of the token is gone: the raw token is nowhere in the database.
      await expect
        .poll(async () => (await db.query("SELECT data FROM outbox WHERE status = 'sent'")).rows, { timeout: 15_000 })
        .toEqual([{ data: null }]);
      const everything = await db.query(
        "SELECT row_to_json(o)::text AS row FROM outbox o UNION ALL SELECT row_to_json(r)::text FROM request_confirmations r",
      );
      expect(JSON.stringify(everything.rows)).not.toContain(token);

      // Two clicks at once: one confirms, the other is told it already was.
      const answers = await Promise.all([1, 2].map(() => post(server.url, "privacy-confirm", { token })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ state: string; message: string }>;
      expect(bodies.map((body) => body.state).sort()).toEqual(["already-confirmed", "confirmed"]);
      expect(bodies.find((body) => body.state === "confirmed")?.message).toMatch(new RegExp(`^Your request ${id} is confirmed\\.`));
      const confirmed = await db.query(
        "SELECT confirmed_by FROM request_confirmations WHERE submission_id = $1 AND confirmed_at IS NOT NULL",
        [id],
      );
      expect(confirmed.rows).toEqual([{ confirmed_by: "link" }]);
      // One staff alert, queued by the confirmation.
      await expect.poll(() => smtp.received.filter((m) => m.to.includes("coaches@gym.example")).length, { timeout: 15_000 }).toBe(1);
      expect(smtp.received.find((m) => m.to.includes("coaches@gym.example"))?.header("Subject")).toMatch(/: answer by .* \[P-/);
    } finally {
      await db.end();
    }
  } finally {
    await smtp.stop();
    pg?.stop();
  }
});
