import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { replyTemplates } from "../../../../src/server/leads/templatesRoute";
import type { ReplyOperations } from "../../../../src/server/leads/types";
import { StaffError, type StaffContext } from "../../../../src/server/staff/guard";
import { type SubmissionStore, openSqliteStore } from "../../../../src/server/app/store";

/** The owner's reply templates through their route: written by the owner (the guard holds coaches to GET), each change audited. */
let dir: string;
let store: SubmissionStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-templates-"));
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
  }) as unknown as StaffContext<ReplyOperations>;

async function refused(body: Record<string, unknown>): Promise<[number, string]> {
  try {
    await replyTemplates.POST!.run(context(body));
  } catch (error) {
    if (error instanceof StaffError) return [error.status, error.message];
    throw error;
  }
  throw new Error("not refused");
}

type Listed = { templates: Array<{ id: number; name: string }> };

test("coaches read, only the owner writes: the roles the guard enforces", () => {
  expect(replyTemplates.GET?.role).toBe("coach");
  expect(replyTemplates.POST?.role).toBe("owner");
});

test("add, rename, refuse a second of one name or a two-line subject, delete; each audited", async () => {
  const added = (await replyTemplates.POST!.run(context({ action: "save", name: "Kids", subject: "CrossFit Kids", body: "Hi {name}" })))
    .json as Listed;
  const kids = added.templates.find((template) => template.name === "Kids")!;
  expect(await refused({ action: "save", name: "Kids", subject: "x", body: "y" })).toEqual([
    409,
    'Another template is called "Kids": choose another name.',
  ]);
  expect(await refused({ action: "save", name: "Two", subject: "a\nb", body: "y" })).toEqual([400, "Write the subject on one line."]);
  expect(await refused({ action: "save", name: "  ", subject: "a", body: "y" })).toEqual([400, "Write the template's name."]);
  expect(await refused({ action: "rename" })).toEqual([400, 'The actions are "save" and "delete".']);
  await replyTemplates.POST!.run(
    context({ action: "save", id: kids.id, name: "Kids class", subject: "CrossFit Kids", body: "Hi {name}!" }),
  );
  const listed = (await replyTemplates.GET!.run(context({}))).json as Listed;
  expect(listed.templates.map((template) => template.name)).toEqual([
    "Kids class",
    "Text: book a free intro",
    "Thanks: book a free intro",
    "Thanks: we will call you",
  ]);
  await replyTemplates.POST!.run(context({ action: "delete", id: kids.id }));
  expect(await refused({ action: "delete", id: kids.id })).toEqual([404, "That template is already gone."]);
  expect(audited).toEqual(["reply-template.save Kids", "reply-template.save Kids class", `reply-template.delete ${kids.id}`]);
});

test("a text's template: its body alone, held to what a staff text may be; each refusal says why", async () => {
  const saved = (
    await replyTemplates.POST!.run(context({ action: "save", name: "On my way", channel: "text", body: " Hi {name}, see you at 6! " }))
  ).json as { templates: Array<{ id: number; name: string; channel: string; subject: string; body: string }> };
  expect(saved.templates.find((template) => template.name === "On my way")).toMatchObject({
    channel: "text",
    subject: "",
    body: "Hi {name}, see you at 6!",
  });
  expect(await refused({ action: "save", name: "Long", channel: "text", body: "a".repeat(1531) })).toEqual([
    400,
    "Keep a text to 10 segments (1,530 characters): this one takes 11.",
  ]);
  expect(await refused({ action: "save", name: "Empty", channel: "text", body: " " })).toEqual([400, "Write the text."]);
  expect(await refused({ action: "save", name: "Subject", channel: "text", subject: "Hi", body: "Hi" })).toEqual([
    400,
    "A text has no subject: leave it out.",
  ]);
  expect(await refused({ action: "save", name: "Fax", channel: "fax", body: "Hi" })).toEqual([
    400,
    'Choose the channel: "email" or "text".',
  ]);
  expect(await refused({ action: "save", name: "No subject", channel: "email", body: "Hi" })).toEqual([400, "Write the subject."]);
});
