import { expect, test } from "@playwright/test";
import { postgresAvailable, startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp } from "../support/smtp";
import { twoServerSoak } from "../support/twoServerSoak";
import { migrations } from "../../src/server/store/migrations";
import { MIGRATION_LOCK } from "../../src/server/store/postgres";

/**
 * Two production servers on one PostgreSQL database, as behind nginx (docs/operations.md, several
 * production servers). `npm run bench:soak -- --two-servers` runs the same soak with 5,000 requests and
 * prints its figures; here TWO_SERVER_SOAK_REQUESTS sets the count (most of the time goes in mailing what
 * the load leaves, about 9 mails a second here: docs/operations.md, performance).
 */
const REQUESTS = Number(process.env.TWO_SERVER_SOAK_REQUESTS ?? 1000);

test("two servers started at once on an empty database both come up, and migrate it once", async () => {
  const pg = await startTestPostgres();
  test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
  const smtp = await startTestSmtp();
  const servers: RunningServer[] = [];
  const { Client } = await import("pg");
  let holder: InstanceType<typeof Client> | undefined;
  try {
    const databaseUrl = await pg!.createDatabase();
    // The migrations' lock, held here until both servers wait for it: they then migrate truly at once.
    holder = new Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    // With mail set, each opens (and migrates) the store at start, for its first outbox pass.
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" };
    servers.push(...(await Promise.all([startProductionServer({ env }), startProductionServer({ env })])));
    const waiting = async () =>
      Number(
        (
          await holder!.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1",
            [MIGRATION_LOCK],
          )
        ).rows[0]?.n,
      );
    // Within the servers' lock timeout (store/postgres.ts: 5 s).
    await expect.poll(waiting, { timeout: 4_000, intervals: [50] }).toBe(2);
    await holder.query("COMMIT");

    const statuses = await Promise.all(
      servers.map(async (server, i) => {
        const response = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Ana ${i}`, email: `ana${i}@example.com`, interest: "general", message: "Hello", elapsedMs: 9000 }),
        });
        return response.status;
      }),
    );
    expect(statuses).toEqual([201, 201]);
    const { rows } = await holder.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    // Neither met the other's tables half made: no store error, no outbox pass that failed.
    for (const server of servers) expect(server.output()).not.toMatch(/failed|could not/i);
  } finally {
    await holder?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.stop();
    pg?.stop();
  }
});

test(`the mixed soak against two servers on one PostgreSQL database (${REQUESTS} requests): nothing lost, nothing twice, limits shared`, async () => {
  test.skip(!postgresAvailable() && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
  test.setTimeout(300_000);
  const figures = await twoServerSoak({ database: "PostgreSQL", requests: REQUESTS, concurrency: 20 });
  console.log(JSON.stringify({ ...figures, mails: figures.mails.map(({ kind, expected, received }) => ({ kind, expected, received })) }));

  expect(figures.fiveXx, "5xx answers").toBe(0);
  expect(figures.unanswered, "requests never answered").toBe(0);
  expect(figures.requests).toBeGreaterThanOrEqual(REQUESTS);
  // Every acknowledged submission stored once; nothing stored that was not acknowledged.
  expect(figures.acknowledged).toBeGreaterThan(REQUESTS / 4);
  expect(figures.storedOnce).toBe(figures.acknowledged);
  expect(figures.storedNotAcknowledged).toBe(0);
  expect(figures.doubleSends).toBeGreaterThan(0);
  expect(figures.doubleSendsStoredOnce).toBe(figures.doubleSends);
  // Every mail once: each expected one came, none twice, none that nothing called for.
  for (const mail of figures.mails) {
    expect({ kind: mail.kind, missing: mail.missing, duplicated: mail.duplicated, unexpected: mail.unexpected }).toEqual({
      kind: mail.kind,
      missing: [],
      duplicated: [],
      unexpected: [],
    });
    expect(mail.received, mail.kind).toBe(mail.expected);
  }
  expect(figures.mails.find((mail) => mail.kind === "staff alert")?.expected).toBeGreaterThan(REQUESTS / 4);
  // Limits held across the two servers: one client's, one connection's bookings, one slot.
  expect(figures.rateLimit.accepted).toBe(figures.rateLimit.limit);
  expect(figures.bookingLimit.booked).toBe(figures.bookingLimit.limit);
  expect(figures.racedSlot.statuses).toEqual({ 201: 1, 409: figures.racedSlot.sent - 1 });
  expect(figures.serverErrors).toEqual([]);
});
