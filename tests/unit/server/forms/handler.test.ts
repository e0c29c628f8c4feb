import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import contactFunction from "../../../../src/api/contact";
import privacyRequestFunction from "../../../../src/api/privacy-request";
import { MIN_FILL_MS } from "../../../../src/forms/schemas/fields";
import { processState } from "../../../../src/server/process/state";
import { getStore, stopBackgroundWork } from "../../../../src/server/app/runtime";

/**
 * The form handler (src/server/forms/handler.ts) as the server runs it, through the form functions, on a
 * real SQLite store file: what a send too fast to be a person's gets, and what a bot that fills the
 * hidden field gets.
 */

type Run = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>;

const SETTINGS = { DATA_DIR: "", FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000" };
const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-handler-"));
  Object.assign(process.env, { ...SETTINGS, DATA_DIR: dataDir });
});
afterAll(async () => {
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
async function post(run: Run, body: Record<string, unknown>) {
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
    body,
    socket: { remoteAddress: "127.0.0.1" },
  };
  await run(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
  return answer;
}

const everything = async () => (await getStore()).list({ includeSpam: true });

/** The free intro's words for the same case (src/server/intro/form.ts), which a person can act on. */
const PRESS_AGAIN = "That was quicker than we expected. Please check your details and press the button again.";

const FORMS: ReadonlyArray<{ name: string; run: Run; fields: (tag: string) => Record<string, unknown> }> = [
  {
    name: "contact",
    run: contactFunction,
    fields: (tag) => ({ name: "Ana Ruiz", email: `ana-${tag}@example.com`, interest: "membership", message: "Evening classes?" }),
  },
  // A person's request under the law: never filed away unread.
  {
    name: "privacy-request",
    run: privacyRequestFunction,
    fields: (tag) => ({ name: "Ana Ruiz", email: `ana-${tag}@example.com`, request: "access" }),
  },
];

describe.each(FORMS)("$name", ({ run, fields }) => {
  test("sent within 3 s (a phone's autofill): asked to press again with the intro's words, and nothing is stored", async () => {
    const before = await everything();
    for (const elapsedMs of [0, MIN_FILL_MS - 1, undefined]) {
      const answer = await post(run, { ...fields(`fast-${elapsedMs}`), website: "", ...(elapsedMs !== undefined && { elapsedMs }) });
      expect(answer).toEqual({ status: 422, json: { error: PRESS_AGAIN } });
    }
    expect(await everything()).toEqual(before);
    // Pressed again, once a person's time has passed: stored for staff, not held as spam.
    const again = await post(run, { ...fields("again"), website: "", elapsedMs: MIN_FILL_MS });
    expect(again.status).toBe(201);
    expect(await (await getStore()).get(String(again.json.id))).toMatchObject({ spam: null });
  });

  test("the hidden field filled (a bot): the same 201 a person gets, held as spam, even when sent fast", async () => {
    for (const elapsedMs of [9000, 0]) {
      const answer = await post(run, { ...fields(`bot-${elapsedMs}`), website: "http://buy.example", elapsedMs });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.json)).toEqual(["id"]);
      expect(await (await getStore()).get(String(answer.json.id))).toMatchObject({ spam: "honeypot" });
    }
  });
});
