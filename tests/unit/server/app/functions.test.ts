import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import contactFunction from "../../../../src/api/contact";
import holdFunction from "../../../../src/api/membership-hold";
import signupFunction from "../../../../src/api/signup";
import { contactSchema } from "../../../../src/forms/contact/schema";
import { holdSchema } from "../../../../src/forms/hold/schema";
import { signupSchema } from "../../../../src/forms/signup/schema";
import { joinablePlans } from "../../../../src/forms/signup/rules";
import { policies, rates, site, waiver } from "../../../../src/server/content";
import { processState } from "../../../../src/server/process/state";
import { getStore, stopBackgroundWork } from "../../../../src/server/app/runtime";
import { invalidFrom, validContact, validHold, validSignup } from "../../../support/formArbitraries";
import { zonedToday } from "../../../../src/time/today";

/**
 * Property-based tests of the form functions as the server runs them (src/api/*.ts, each a real
 * SQLite store file): 3,000 generated invalid payloads per endpoint all get a 4xx and none is stored;
 * 1,000 valid ones are all stored and read back exactly as the shared schema normalizes them. The
 * clock is fixed, so the day the payloads are made for is the day the handler judges them by.
 * tests/server/formsProperties.spec.ts sends a few hundred of each over HTTP to the production server.
 */
const INVALID_RUNS = Number(process.env.FORM_PROPERTY_INVALID_RUNS ?? 3_000);
const VALID_RUNS = Number(process.env.FORM_PROPERTY_VALID_RUNS ?? 1_000);

/** Midday at the gym, far from either midnight. */
const NOW = new Date("2026-11-25T20:00:00Z");
const today = zonedToday(NOW, site.timeZone).date;
const plans = joinablePlans(rates.plans);
const endpoints = [
  { path: "/api/contact", run: contactFunction, schema: contactSchema, valid: validContact as fc.Arbitrary<Record<string, unknown>> },
  {
    path: "/api/signup",
    run: signupFunction,
    schema: signupSchema(plans, today, waiver.version),
    valid: validSignup(today, plans, waiver.version) as fc.Arbitrary<Record<string, unknown>>,
  },
  {
    path: "/api/membership-hold",
    run: holdFunction,
    schema: holdSchema(policies, today),
    valid: validHold(today) as fc.Arbitrary<Record<string, unknown>>,
  },
];

const SETTINGS = { DATA_DIR: "", FORM_RATE_LIMIT_PER_MINUTE: "100000000", FORM_CEILING_PER_MINUTE: "100000000" };
const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
let dataDir: string;

beforeAll(() => {
  // A real database file, in memory where the machine has such a folder: the store syncs every write
  // to disk, which under load cost tens of milliseconds a payload and is not what these tests are about.
  const parent = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  dataDir = fs.mkdtempSync(path.join(parent, "gym-properties-"));
  Object.assign(process.env, { ...SETTINGS, DATA_DIR: dataDir });
  // Only Date is faked: the store, the rate limiter and fast-check keep their real timers.
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
});
afterAll(async () => {
  jest.useRealTimers();
  await stopBackgroundWork(Promise.resolve());
  await (await processState().store)?.close();
  const state = processState();
  for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A POST as the production server hands it to a function: the JSON body parsed, from a local address. */
async function post(run: (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>, body: unknown) {
  const answer = { status: 0, json: {} as Record<string, unknown> };
  const res = {
    setHeader: () => res,
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(value: Record<string, unknown>) {
      answer.json = value;
      return res;
    },
  };
  const req = {
    method: "POST",
    headers: { host: "localhost:9000", "content-type": "application/json" },
    body: JSON.parse(JSON.stringify(body)) as unknown,
    socket: { remoteAddress: "127.0.0.1" },
  };
  // Only the parts of Express's request and response the handler uses.
  await run(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
  return answer;
}

async function rowCount(): Promise<number> {
  return (await (await getStore()).list({ includeSpam: true })).length;
}

describe.each(endpoints)("$path", (endpoint) => {
  test(`${INVALID_RUNS} invalid payloads get a 4xx, never a 5xx, and none is stored`, async () => {
    await post(endpoint.run, {}); // open the store before counting
    const before = await rowCount();
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(invalidFrom(endpoint.valid), async (payload) => {
        fc.pre(!endpoint.schema.safeParse(payload).success);
        checked += 1;
        const { status, json } = await post(endpoint.run, payload);
        if (status < 400 || status >= 500)
          throw new Error(`answered ${status} ${JSON.stringify(json)} to ${JSON.stringify(payload).slice(0, 300)}`);
      }),
      { numRuns: INVALID_RUNS, maxSkipsPerRun: 10 },
    );
    expect(checked).toBe(INVALID_RUNS);
    expect(await rowCount()).toBe(before);
  }, 600_000);

  test(`${VALID_RUNS} valid payloads are stored and read back equal`, async () => {
    const store = await getStore();
    const before = await rowCount();
    await fc.assert(
      fc.asyncProperty(endpoint.valid, async (payload) => {
        const { status, json } = await post(endpoint.run, payload);
        if (status !== 201) throw new Error(`answered ${status} ${JSON.stringify(json)} to ${JSON.stringify(payload)}`);
        const { website: _w, elapsedMs: _e, ...expected } = endpoint.schema.parse(payload) as Record<string, unknown>;
        const row = await store.get(String(json.id));
        expect(row?.payload).toEqual(expected);
        expect(row?.spam).toBeNull();
      }),
      { numRuns: VALID_RUNS },
    );
    expect(await rowCount()).toBe(before + VALID_RUNS);
  }, 600_000);
});
