import path from "node:path";
import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { addDays } from "../../src/content/dates";
import { contactSchema } from "../../src/forms/contact/schema";
import { holdSchema } from "../../src/forms/hold/schema";
import { signupSchema } from "../../src/forms/signup/schema";
import { joinablePlans } from "../../src/forms/signup/rules";
import { policies, rates, site, waiver } from "../../src/server/content";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { invalidFrom, notTextIn, validContact, validHold, validSignup, withHiddenText } from "../support/formArbitraries";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../src/server/app/store";
import { zonedToday } from "../../src/time/today";

/**
 * Property-based tests against the production server, over HTTP: a few hundred generated invalid
 * payloads per endpoint all get a 4xx and none is stored; valid ones are all stored and read back
 * exactly as the shared schema normalizes them. tests/unit/server/app/functions.test.ts runs 3,000 and
 * 1,000 of each through the same functions in Jest, on a fixed clock.
 *
 * The server reads its own clock for every request, and the gym's midnight can pass during a run. The
 * day the server sees is the day read here or a later one, and a run is far shorter than a day: so a
 * payload counts as valid only if it is valid on both days, and as invalid only if it is invalid on both.
 *
 * Valid payloads with what is not text put into one field or into where the visit came from (NUL,
 * controls, bidirectional controls, half an emoji, encoded words) are refused at that field, or stored
 * with none of it, on SQLite and on PostgreSQL (which refuses a NUL outright): never a 5xx.
 */
const INVALID_RUNS = Number(process.env.FORM_PROPERTY_HTTP_INVALID_RUNS ?? 300);
const VALID_RUNS = Number(process.env.FORM_PROPERTY_HTTP_VALID_RUNS ?? 200);
const HIDDEN_RUNS = Number(process.env.FORM_PROPERTY_HTTP_HIDDEN_RUNS ?? 100);

const today = zonedToday(new Date(), site.timeZone).date;
const days = [today, addDays(today, 1)];
const plans = joinablePlans(rates.plans);
const endpoints = [
  { path: "/api/contact", schemas: days.map(() => contactSchema), valid: validContact as fc.Arbitrary<Record<string, unknown>> },
  {
    path: "/api/signup",
    schemas: days.map((day) => signupSchema(plans, day, waiver.version)),
    valid: validSignup(today, plans, waiver.version) as fc.Arbitrary<Record<string, unknown>>,
  },
  {
    path: "/api/membership-hold",
    schemas: days.map((day) => holdSchema(policies, day)),
    valid: validHold(today) as fc.Arbitrary<Record<string, unknown>>,
  },
];

let host: RunningServer;

test.beforeAll(async () => {
  host = await startProductionServer({ env: { FORM_RATE_LIMIT_PER_MINUTE: "100000000", FORM_CEILING_PER_MINUTE: "100000000" } });
});
test.afterAll(async () => {
  await host.stop();
});

async function rowCount(): Promise<number> {
  const store = openSqliteStore(path.join(host.dataDir, "submissions.sqlite"));
  try {
    return (await store.list({ includeSpam: true })).length;
  } finally {
    await store.close();
  }
}

async function post(endpoint: string, body: unknown, url = host.url): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

test.describe.configure({ mode: "serial" });

for (const endpoint of endpoints) {
  test(`${endpoint.path}: ${INVALID_RUNS} invalid payloads get a 4xx, never a 5xx, and none is stored`, async () => {
    test.setTimeout(300_000);
    await post(endpoint.path, {}); // open the store before counting
    const before = await rowCount();
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(invalidFrom(endpoint.valid), async (payload) => {
        fc.pre(endpoint.schemas.every((schema) => !schema.safeParse(payload).success));
        checked += 1;
        const { status, json } = await post(endpoint.path, payload);
        if (status < 400 || status >= 500)
          throw new Error(`answered ${status} ${JSON.stringify(json)} to ${JSON.stringify(payload).slice(0, 300)}`);
      }),
      { numRuns: INVALID_RUNS, maxSkipsPerRun: 10 },
    );
    expect(checked).toBe(INVALID_RUNS);
    expect(await rowCount()).toBe(before);
  });

  test(`${endpoint.path}: ${VALID_RUNS} valid payloads are stored and read back equal`, async () => {
    test.setTimeout(300_000);
    const store = openSqliteStore(path.join(host.dataDir, "submissions.sqlite"));
    try {
      await fc.assert(
        fc.asyncProperty(endpoint.valid, async (payload) => {
          fc.pre(endpoint.schemas.every((schema) => schema.safeParse(payload).success));
          const { status, json } = await post(endpoint.path, payload);
          if (status !== 201) throw new Error(`answered ${status} ${JSON.stringify(json)} to ${JSON.stringify(payload)}`);
          const { website: _w, elapsedMs: _e, ...expected } = endpoint.schemas[0]!.parse(payload) as Record<string, unknown>;
          const row = await store.get(String(json.id));
          expect(row?.payload).toEqual(expected);
          expect(row?.spam).toBeNull();
        }),
        { numRuns: VALID_RUNS },
      );
    } finally {
      await store.close();
    }
  });
}

/** Where a field's problem is shown when it is not at the field itself. */
const SHOWN_AT: Record<string, string> = { waiverVersion: "waiverAccepted" };

/** Each endpoint's valid payloads with what is not text put in: a 422 at that field, or stored without it. */
async function hiddenTextIsNeverKept(url: string, store: SubmissionStore) {
  for (const endpoint of endpoints) {
    await fc.assert(
      fc.asyncProperty(withHiddenText(endpoint.valid), async ({ payload, field, inSource }) => {
        // Where the visit came from is never a reason to refuse: the rest must be valid whatever the day.
        if (inSource) fc.pre(endpoint.schemas.every((schema) => schema.safeParse(payload).success));
        const { status, json } = await post(endpoint.path, payload, url);
        const what = `${endpoint.path} answered ${status} ${JSON.stringify(json)} to ${field} in ${JSON.stringify(payload).slice(0, 400)}`;
        if (status === 422 && !inSource) {
          const errors = (json.errors ?? {}) as Record<string, string>;
          if (!errors[SHOWN_AT[field] ?? field]) throw new Error(`the 422 does not name the field: ${what}`);
          return;
        }
        if (status !== 201) throw new Error(what);
        const id = String(json.id);
        const kept = notTextIn((await store.get(id))?.payload) ?? notTextIn(await store.leadSource(id));
        if (kept !== undefined) throw new Error(`stored ${JSON.stringify(kept)}: ${what}`);
      }),
      { numRuns: HIDDEN_RUNS },
    );
  }
}

test(`what is not text, in ${HIDDEN_RUNS} payloads per endpoint, is refused at its field or never stored: SQLite`, async () => {
  test.setTimeout(300_000);
  const store = openSqliteStore(path.join(host.dataDir, "submissions.sqlite"));
  try {
    await hiddenTextIsNeverKept(host.url, store);
  } finally {
    await store.close();
  }
});

test(`what is not text, in ${HIDDEN_RUNS} payloads per endpoint, is refused at its field or never stored: PostgreSQL`, async () => {
  test.setTimeout(300_000);
  const pg = await startTestPostgres();
  test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
  expect(pg, "CI installs PostgreSQL").toBeTruthy();
  const url = await pg!.createDatabase();
  const server = await startProductionServer({
    env: { DATABASE_URL: url, FORM_RATE_LIMIT_PER_MINUTE: "100000000", FORM_CEILING_PER_MINUTE: "100000000" },
  });
  const store = await openPostgresStore(url);
  try {
    await hiddenTextIsNeverKept(server.url, store);
  } finally {
    await store.close();
    await server.stop();
    pg!.stop();
  }
});
