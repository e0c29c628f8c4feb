import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { processState } from "../../../src/server/process/state";
import { getStore } from "../../../src/server/app/runtime";
import { waiverText, waiverVersion } from "../../../src/server/waiver";

/** Every timer stays real; only Date is fixed. */
const NOT_THE_DATE: FakeableAPI[] = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
];
const published = JSON.parse(fs.readFileSync("content/waiver.json", "utf8")) as { paragraphs: string[] };

describe("waiver version", () => {
  test("is the SHA-256 of the text, and any change to the words is a new version", () => {
    const version = waiverVersion(published);
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    const [first, ...rest] = published.paragraphs as [string, ...string[]];
    expect(waiverVersion({ paragraphs: [first.replace(",", ""), ...rest] })).not.toBe(version);
    expect(waiverVersion({ paragraphs: [...published.paragraphs, "I also agree to wipe down my equipment."] })).not.toBe(version);
    expect(waiverVersion({ paragraphs: [...rest, first] })).not.toBe(version);
  });

  test("is the same for the same words saved differently (Unicode form, spaces around a paragraph)", () => {
    const text = { paragraphs: ["Caf\u00e9 rules apply.", "Second paragraph."] };
    const decomposed = { paragraphs: ["  Cafe\u0301 rules apply.\n", "Second paragraph."] };
    expect(waiverVersion(decomposed)).toBe(waiverVersion(text));
    expect(waiverText(text)).toBe("Caf\u00e9 rules apply.\n\nSecond paragraph.");
  });
});

describe("a stored sign-up", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-waiver-"));
  const previous = process.env.DATA_DIR;

  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete processState().config;
  });
  afterAll(async () => {
    const state = processState();
    await (await state.store)?.close();
    for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  test("carries the version of the waiver accepted, and the store keeps that version's text", async () => {
    // The handler checks the start date against its clock: a fixed one, so the same date is valid whenever this runs.
    jest.useFakeTimers({ now: new Date("2027-06-01T19:00:00Z"), doNotFake: NOT_THE_DATE });
    const { handle } = await import("../../../src/server/app/forms");
    const { waiver } = await import("../../../src/server/content");
    expect(waiver.version).toBe(waiverVersion(published));
    const start = "2027-06-03";
    const body = {
      plan: "unlimited",
      startDate: start,
      firstName: "Sam",
      lastName: "Lee",
      dateOfBirth: "1990-05-04",
      email: "sam@example.com",
      phone: "253-555-0100",
      emergencyContactName: "Kim Lee",
      emergencyContactPhone: "253-555-0101",
      waiverAccepted: true,
      waiverVersion: waiver.version,
      elapsedMs: 9000,
    };
    const answers: Array<{ status: number; body: unknown }> = [];
    const send = async (payload: Record<string, unknown>) => {
      const req = {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost" },
        body: payload,
        socket: { remoteAddress: "127.0.0.1" },
      };
      let status = 200;
      const res = {
        setHeader: () => res,
        status(code: number) {
          status = code;
          return res;
        },
        json(value: unknown) {
          answers.push({ status, body: value });
          return res;
        },
      };
      await handle("signup", req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
      return answers[answers.length - 1];
    };

    const stale = await send({ ...body, waiverVersion: waiverVersion({ paragraphs: ["An older waiver."] }) });
    expect(stale).toMatchObject({ status: 422, body: { errors: { waiverAccepted: expect.stringMatching(/waiver was updated/) } } });

    const accepted = await send(body);
    expect(accepted?.status).toBe(201);
    const reference = (accepted?.body as { id: string }).id;
    const store = await getStore();
    const stored = await store?.get(reference);
    expect(stored?.payload).toMatchObject({ waiverAccepted: true, waiverVersion: waiver.version });
    expect(stored?.createdAt).toEqual(new Date("2027-06-01T19:00:00Z"));
    expect(await store?.waivers()).toEqual([{ version: waiver.version, text: waiverText(published), firstAcceptedAt: stored?.createdAt }]);
  });
});
