import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { instantAnswers } from "../../../../src/server/leads/answersRoute";
import type { AnswerOperations, AnswerWords } from "../../../../src/server/leads/types";
import { DEFAULT_ANSWERS } from "../../../../src/desk/instantAnswers";
import { StaffError, type StaffContext } from "../../../../src/server/staff/guard";
import { type SubmissionStore, openSqliteStore } from "../../../../src/server/app/store";

/** The instant answers' words through their route: the owner writes them (the guard holds coaches to GET), each change audited. */
let dir: string;
let store: SubmissionStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-answers-route-"));
  store = openSqliteStore(path.join(dir, "s.sqlite"));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const audited: string[] = [];
const context = (body: Record<string, unknown>) =>
  ({
    store,
    body,
    now: new Date("2026-11-28T18:00:00Z"),
    staff: { email: "owner@gym.example", role: "owner" },
    audit: (action: string, target?: string) => {
      audited.push(`${action} ${target ?? ""}`);
      return Promise.resolve();
    },
  }) as unknown as StaffContext<AnswerOperations>;

async function refused(body: Record<string, unknown>): Promise<[number, string]> {
  try {
    await instantAnswers.POST!.run(context(body));
  } catch (error) {
    if (error instanceof StaffError) return [error.status, error.message];
    throw error;
  }
  throw new Error("not refused");
}

const listed = async () => ((await instantAnswers.GET!.run(context({}))).json as { answers: AnswerWords[] }).answers;

test("coaches read, only the owner writes: the roles the guard enforces", () => {
  expect(instantAnswers.GET?.role).toBe("coach");
  expect(instantAnswers.POST?.role).toBe("owner");
});

test("an empty text or a placeholder the form lacks is a 422 naming it, and nothing is saved", async () => {
  expect(await refused({ action: "save", form: "contact", text: "  \n " })).toEqual([422, "Write the answer: it cannot be empty."]);
  expect(await refused({ action: "save", form: "contact", text: "Hi {name}, see you {whenever} on {plan}." })).toEqual([
    422,
    "{whenever}, {plan} are not placeholders of this answer: use {gym}, {name}, {when}, {introLink}.",
  ]);
  expect(await refused({ action: "save", form: "drop-in", text: "Book here: {introLink}" })).toEqual([
    422,
    "{introLink} is not a placeholder of this answer: use {gym}, {name}, {when}, {visitDate}.",
  ]);
  expect(await refused({ action: "save", form: "intro", text: "x" })).toEqual([400, 'The forms are "contact", "signup", "drop-in".']);
  expect(await refused({ action: "publish", form: "contact" })).toEqual([400, 'The actions are "save" and "reset".']);
  expect((await listed()).map((answer) => answer.edited)).toEqual([null, null, null]);
  expect(audited).toEqual([]);
});

test("save, then reset; each audited by the form", async () => {
  await instantAnswers.POST!.run(context({ action: "save", form: "signup", text: "Thanks!\r\nWe write {when} about {plan}." }));
  expect((await listed())[1]).toEqual({
    form: "signup",
    text: "Thanks!\nWe write {when} about {plan}.",
    edited: { at: new Date("2026-11-28T18:00:00Z"), by: "owner@gym.example" },
  });
  await instantAnswers.POST!.run(context({ action: "reset", form: "signup" }));
  expect((await listed())[1]).toEqual({ form: "signup", text: DEFAULT_ANSWERS.signup, edited: null });
  expect(audited).toEqual(["instant-answer.save signup", "instant-answer.reset signup"]);
});
