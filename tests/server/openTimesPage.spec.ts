import { expect, test } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { TIMES_PAGE_MS } from "../../src/server/intro/timesPage";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";

/**
 * GET /api/intro, the free intro's open times for a visitor without JavaScript, is made once and kept
 * a few seconds (src/server/intro/timesPage.ts): requests within that time do not read the store again,
 * a booking made through this server shows at once, and one made through another server on the same
 * store shows once the page is older than TIMES_PAGE_MS.
 */

const NO_LIMITS = { FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000", INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "100" };

const offered = async (base: string, start: string) => (await (await fetch(`${base}/api/intro`)).text()).includes(`value="${start}"`);

function book(base: string, start: string, email: string) {
  return fetch(`${base}/api/intro`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ start, name: "Robin Visitor", email, elapsedMs: MIN_FILL_MS + 2000 }),
  });
}

for (const database of ["SQLite", "PostgreSQL"] as const) {
  test(`the open times' page is kept a few seconds; a booking here shows at once, one on another server within that time (${database})`, async () => {
    const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
    test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
    const servers: RunningServer[] = [];
    try {
      const env = { ...NO_LIMITS, ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}) };
      const here = await startProductionServer({ env });
      servers.push(here);
      // Another server on the same store (the same SQLite file, or the same database).
      const there = await startProductionServer({ env, dataDir: here.dataDir });
      servers.push(there);
      const { slots } = (await (await fetch(`${here.url}/api/intro-slots`)).json()) as { slots: IntroSlot[] };
      const single = slots.filter((slot) => slots.filter((other) => other.start === slot.start).length === 1);
      const [elsewhere, local] = single.slice(-2);

      const madeAt = Date.now();
      expect(await offered(here.url, elsewhere!.start)).toBe(true);
      expect((await book(there.url, elsewhere!.start, "there@example.com")).status).toBe(201);
      const stillShown = await offered(here.url, elsewhere!.start);
      // Within the time the page is kept it is not made again, so the store is not read again.
      if (Date.now() - madeAt < TIMES_PAGE_MS - 500) expect(stillShown, "the kept page, not made again").toBe(true);
      // ...and no longer than that.
      await expect.poll(() => offered(here.url, elsewhere!.start), { timeout: TIMES_PAGE_MS + 5_000 }).toBe(false);

      // A booking through this server shows at once.
      expect(await offered(here.url, local!.start)).toBe(true);
      expect((await book(here.url, local!.start, "here@example.com")).status).toBe(201);
      expect(await offered(here.url, local!.start)).toBe(false);
    } finally {
      for (const server of servers) await server.stop();
      pg?.stop();
    }
  });
}

test("a time another server booked, picked from a kept page, is refused with the times read anew", async () => {
  const here = await startProductionServer({ env: NO_LIMITS });
  const there = await startProductionServer({ env: NO_LIMITS, dataDir: here.dataDir });
  try {
    const { slots } = (await (await fetch(`${here.url}/api/intro-slots`)).json()) as { slots: IntroSlot[] };
    const single = slots.filter((slot) => slots.filter((other) => other.start === slot.start).length === 1);
    const taken = single.at(-3)!;
    expect(await offered(here.url, taken.start)).toBe(true);
    expect((await book(there.url, taken.start, "there@example.com")).status).toBe(201);
    const late = await fetch(`${here.url}/api/intro`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: here.url },
      body: new URLSearchParams({ start: taken.start, name: "Late Lou", email: "lou@example.com", website: "" }),
    });
    expect(late.status).toBe(409);
    expect(await late.text()).not.toContain(`value="${taken.start}"`);
    // The refusal dropped the kept page: the next visitor is not offered the time either.
    expect(await offered(here.url, taken.start)).toBe(false);
  } finally {
    await here.stop();
    await there.stop();
  }
});
