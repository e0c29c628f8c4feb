import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { startProductionServer } from "../support/servers";
import { openSqliteStore } from "../../src/server/app/store";

/**
 * 200 valid submissions sent at once; the server is killed with SIGKILL part-way through. After a
 * restart on the same database, every submission that was answered 201 is there: nothing
 * acknowledged is ever lost.
 */
test("every acknowledged submission survives the server being killed mid-way", async () => {
  test.setTimeout(120_000);
  // The counts live in the database, so the restarted server needs the same high limits.
  const env = { FORM_RATE_LIMIT_PER_MINUTE: "100000", FORM_CEILING_PER_MINUTE: "100000" };
  const first = await startProductionServer({ env });
  const payload = (i: number) => ({
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    interest: "general",
    message: `Message number ${i}`,
    elapsedMs: 8000,
  });

  let answered = 0;
  let killed = false;
  const kill = async () => {
    if (killed) return;
    killed = true;
    await first.stop("SIGKILL");
  };
  const results = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      try {
        const response = await fetch(`${first.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(payload(i)),
        });
        const body = (await response.json()) as { id?: string };
        answered += 1;
        if (answered === 60) void kill();
        return { i, status: response.status, id: body.id };
      } catch {
        return { i, status: 0, id: undefined };
      }
    }),
  );
  await kill();
  const acknowledged = results.filter((r) => r.status === 201 && r.id);
  const lost = results.filter((r) => r.status === 0);
  // The kill really happened mid-way: some were answered, some never were.
  expect(acknowledged.length).toBeGreaterThanOrEqual(60);
  expect(lost.length).toBeGreaterThan(0);

  const file = path.join(first.dataDir, "submissions.sqlite");
  const second = await startProductionServer({ dataDir: first.dataDir, env });
  try {
    const health = await fetch(`${second.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload(999)),
    });
    expect(health.status).toBe(201);
    const store = openSqliteStore(file);
    const rows = new Map((await store.list()).map((row) => [row.id, row]));
    await store.close();
    for (const { i, id } of acknowledged) {
      expect(rows.get(id as string)?.payload, `submission ${i} (${id})`).toEqual({
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        interest: "general",
        message: `Message number ${i}`,
      });
    }
    const db = new Database(file, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
  } finally {
    await second.stop();
  }
});
