import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import contactFunction from "../../../src/api/contact";
import introFunction from "../../../src/api/intro";
import { MIN_FILL_MS, NO_PHONE_TO_TEXT } from "../../../src/forms/schemas/fields";
import { processState } from "../../../src/server/process/state";
import { getStore, stopBackgroundWork } from "../../../src/server/app/runtime";
import { site } from "../../../src/server/content";
import { publishedTextConsent } from "../../../src/server/texts/consent";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { describeWithPostgres } from "../support/postgres";

/**
 * "Text me about my enquiry" through the form functions as the server runs them, on a real SQLite file
 * and a real PostgreSQL: a ticked box with a phone is written to the consent ledger in the form's own
 * transaction, with the exact words this build shows, their version, the page, the form, its reference
 * and the connection; a box ticked without a phone is a 422 on the box and stores nothing; an unticked
 * box, or spam, writes no consent. A form posted without JavaScript ticks it as a check box does.
 */

type Run = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>;

const ANA = "+12535550142";
const SETTINGS = ["DATA_DIR", "DATABASE_URL", "FORM_RATE_LIMIT_PER_MINUTE", "FORM_CEILING_PER_MINUTE"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

function restoreEnv() {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

async function closeProcessStore() {
  await stopBackgroundWork(Promise.resolve());
  const state = processState();
  for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
}

/** A POST as the production server hands it to a function: JSON, or a page's urlencoded form, parsed. */
async function post(run: Run, body: Record<string, unknown>, { form = false, referer }: { form?: boolean; referer?: string } = {}) {
  const answer = { status: 0, json: {} as Record<string, unknown>, location: "" };
  const res = {
    setHeader: (name: string, value: string) => {
      if (name.toLowerCase() === "location") answer.location = value;
      return res;
    },
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(value: Record<string, unknown>) {
      answer.json = value;
      return res;
    },
    send: () => res,
    end: () => res,
  };
  const req = {
    method: "POST",
    headers: {
      host: "localhost:9000",
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      ...(referer && { referer }),
    },
    body,
    query: {},
    socket: { remoteAddress: "203.0.113.9" },
  };
  await run(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
  return answer;
}

const contact = (tag: string, extra: Record<string, unknown> = {}) => ({
  name: "Ana Ruiz",
  email: `ana-${tag}@example.com`,
  interest: "membership",
  message: "Evening classes?",
  website: "",
  elapsedMs: MIN_FILL_MS,
  ...extra,
});

function consentContract() {
  test("a ticked box with a phone: the consent is in the ledger with the form, with the exact words shown", async () => {
    const answer = await post(contactFunction, contact("given", { phone: "(253) 555-0142", textConsent: true }), {
      referer: "http://localhost:9000/contact/?interest=membership",
    });
    expect(answer.status).toBe(201);
    const store = await getStore();
    const id = String(answer.json.id);
    expect((await store.get(id))?.payload).toMatchObject({ phone: ANA, textConsent: true });
    const { text, version } = publishedTextConsent(site);
    expect(text).toContain("Msg & data rates may apply.");
    expect(await store.consentHistory(ANA)).toEqual([
      {
        event: "given",
        at: expect.any(Date) as Date,
        disclosure: text,
        version,
        page: "/contact/",
        form: "contact",
        submission: id,
        connection: "203.0.113.9",
        keyword: null,
      },
    ]);
    expect((await store.textConsent(ANA)).event).toBe("given");
  });

  test("the box ticked without a phone: 422 on the box, and nothing is stored", async () => {
    const store = await getStore();
    const before = await store.list({ includeSpam: true });
    const answer = await post(contactFunction, contact("nophone", { textConsent: true }));
    expect(answer).toMatchObject({ status: 422, json: { errors: { textConsent: NO_PHONE_TO_TEXT } } });
    expect(await store.list({ includeSpam: true })).toEqual(before);
  });

  test("unticked, or a bot's send: the form is stored and the ledger has nothing of it", async () => {
    const number = "+12535550177";
    expect((await post(contactFunction, contact("unticked", { phone: number, textConsent: false }))).status).toBe(201);
    expect((await post(contactFunction, contact("bot", { phone: number, textConsent: true, website: "http://x.example" }))).status).toBe(
      201,
    );
    expect(await (await getStore()).consentHistory(number)).toEqual([]);
  });

  test("a free intro refused for its time keeps no consent either: both are one transaction", async () => {
    const number = "+12535550166";
    const answer = await post(introFunction, {
      name: "Cy Dunn",
      email: "cy@example.com",
      phone: number,
      textConsent: true,
      start: "bad",
      elapsedMs: 5000,
    });
    // A time that is not offered: nothing is stored, consent included.
    expect(answer.status).toBe(422);
    expect(await (await getStore()).consentHistory(number)).toEqual([]);
  });

  test("without JavaScript: the posted check box is the consent, and the form's own page is the page", async () => {
    const number = "+12535550155";
    const fields = { name: "Ben Okafor", email: "ben@example.com", phone: "253 555 0155", interest: "general", message: "Hi", website: "" };
    const answer = await post(contactFunction, { ...fields, textConsent: "on" }, { form: true });
    expect(answer.status).toBe(303);
    const [given] = await (await getStore()).consentHistory(number);
    expect(given).toMatchObject({ event: "given", form: "contact", page: "/contact/", connection: "203.0.113.9" });
    // The same form without the box: no consent.
    await post(contactFunction, { ...fields, email: "ben2@example.com", phone: "253 555 0144" }, { form: true });
    expect(await (await getStore()).consentHistory("+12535550144")).toEqual([]);
  });
}

describe("SQLite: consent with a form (a real database file)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-consent-"));
    Object.assign(process.env, { DATA_DIR: dataDir, FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000" });
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    await closeProcessStore();
    restoreEnv();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  consentContract();
});

describeWithPostgres("PostgreSQL: consent with a form (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
    if (!pg) throw new Error(POSTGRES_MISSING);
    Object.assign(process.env, {
      DATABASE_URL: await pg.createDatabase(),
      FORM_RATE_LIMIT_PER_MINUTE: "1000",
      FORM_CEILING_PER_MINUTE: "1000",
    });
  }, 60_000);
  afterAll(async () => {
    await closeProcessStore();
    restoreEnv();
    await pg?.stop();
  });
  consentContract();
});
