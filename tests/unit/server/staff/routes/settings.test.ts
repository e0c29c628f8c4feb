import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { accounts } from "../../../../../src/server/staff/routes/accounts";
import { settings } from "../../../../../src/server/staff/routes/settings";
import { StaffError, type StaffContext } from "../../../../../src/server/staff/guard";
import type { StaffOperations } from "../../../../../src/server/staff/types";
import { type SubmissionStore, openSqliteStore } from "../../../../../src/server/app/store";

/**
 * A staff member's own settings (GET and POST /api/staff/settings): their new-lead e-mails, on or off,
 * for their own account only; and the owner's Accounts list, which says who has them off and since when.
 * The store's side, on both databases, is tests/unit/server/staff/store.test.ts.
 */

const NOW = new Date("2026-11-27T18:00:00Z");
let dir: string;
let store: SubmissionStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-settings-route-"));
  store = openSqliteStore(path.join(dir, "s.sqlite"));
  await store.addStaff("owner@gym.example", "owner", NOW);
  await store.addStaff("coach@gym.example", "coach", NOW);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request as the guard hands it on (it has checked the session, the role and the Origin), auditing into a list. */
function ask(email: string, role: "owner" | "coach", body: Record<string, unknown> = {}) {
  const audited: string[] = [];
  const context = {
    store,
    now: NOW,
    body,
    query: {},
    staff: { email, role },
    audit: (action: string, target?: string) => {
      audited.push(`${email} ${action}${target ? ` ${target}` : ""}`);
      return Promise.resolve();
    },
  } as unknown as StaffContext<StaffOperations>;
  return { context, audited };
}

test("a coach turns their own new-lead e-mails off and on; it is in the audit log, and only their own account changes", async () => {
  expect((await settings.GET!.run(ask("coach@gym.example", "coach").context)).json).toMatchObject({ leadAlerts: true });
  const off = ask("coach@gym.example", "coach", { leadAlerts: false });
  expect((await settings.POST!.run(off.context)).json).toEqual({
    message: "New-lead e-mails are off: you will not be e-mailed when a form comes in.",
  });
  expect(off.audited).toEqual(["coach@gym.example staff.lead-alerts-off"]);
  expect((await settings.GET!.run(ask("coach@gym.example", "coach").context)).json).toMatchObject({ leadAlerts: false });
  expect(await store.staffAccount("owner@gym.example")).toMatchObject({ leadAlertsOffSince: null });
  // Another address in the body changes nothing but the asker's own.
  await settings.POST!.run(ask("owner@gym.example", "owner", { leadAlerts: false, email: "coach@gym.example" }).context);
  expect(await store.staffAccount("owner@gym.example")).toMatchObject({ leadAlertsOffSince: NOW });
  await settings.POST!.run(ask("owner@gym.example", "owner", { leadAlerts: true }).context);

  // The owner's Accounts list says who has them off, and since when.
  const listed = (await accounts.GET!.run(ask("owner@gym.example", "owner").context)).json as { accounts: unknown[] };
  expect(listed.accounts).toEqual([
    { email: "coach@gym.example", role: "coach", createdAt: NOW.toISOString(), leadAlertsOffSince: NOW.toISOString() },
    { email: "owner@gym.example", role: "owner", createdAt: NOW.toISOString(), leadAlertsOffSince: null },
  ]);

  const on = ask("coach@gym.example", "coach", { leadAlerts: true });
  expect((await settings.POST!.run(on.context)).json).toEqual({
    message: "New-lead e-mails are on: you will be e-mailed each new lead as it comes in.",
  });
  expect(on.audited).toEqual(["coach@gym.example staff.lead-alerts-on"]);
});

test("anything but true or false is a 422 that says what to send, and changes nothing", async () => {
  for (const body of [{}, { leadAlerts: "off" }, { leadAlerts: 0 }, { leadAlerts: null }]) {
    const { context, audited } = ask("coach@gym.example", "coach", body);
    await expect(settings.POST!.run(context)).rejects.toEqual(new StaffError(422, 'Send "leadAlerts": true or false.'));
    expect(audited).toEqual([]);
  }
  expect(await store.staffAccount("coach@gym.example")).toMatchObject({ leadAlertsOffSince: null });
});

test("a coach says which coach of the free intros they are (content/intro.json's), or none; only their own account changes", async () => {
  const before = (await settings.GET!.run(ask("coach@gym.example", "coach").context)).json;
  expect(before).toEqual({ leadAlerts: true, introCoach: null, introCoaches: ["Dana", "Marcus", "Jess"] });

  const dana = ask("coach@gym.example", "coach", { introCoach: "Dana", email: "owner@gym.example" });
  expect((await settings.POST!.run(dana.context)).json).toEqual({ message: '"My intros" are Dana\'s.' });
  expect(dana.audited).toEqual(["coach@gym.example staff.intro-coach"]);
  expect(await store.staffAccount("coach@gym.example")).toMatchObject({ introCoach: "Dana" });
  expect(await store.staffAccount("owner@gym.example")).toMatchObject({ introCoach: null });

  // A name that is not an intro coach, spelt otherwise or of another type, is refused and changes nothing.
  for (const introCoach of ["dana", "Dana ", "Zed", "", 3, true]) {
    const wrong = ask("coach@gym.example", "coach", { introCoach });
    await expect(settings.POST!.run(wrong.context)).rejects.toEqual(
      new StaffError(422, "Choose one of the intro coaches (Dana, Marcus, Jess), or none."),
    );
    expect(wrong.audited).toEqual([]);
  }
  expect(await store.staffAccount("coach@gym.example")).toMatchObject({ introCoach: "Dana" });

  // A coach since taken off content/intro.json reads as none, so the screen can choose again.
  await store.setIntroCoach("coach@gym.example", "Former Coach");
  expect((await settings.GET!.run(ask("coach@gym.example", "coach").context)).json).toMatchObject({ introCoach: null });

  const none = ask("coach@gym.example", "coach", { introCoach: null });
  expect((await settings.POST!.run(none.context)).json).toEqual({ message: "You are none of the intro coaches." });
  expect(await store.staffAccount("coach@gym.example")).toMatchObject({ introCoach: null });
});

test("every staff member has the screen: a coach's GET and POST are allowed", () => {
  expect([settings.GET?.role, settings.POST?.role]).toEqual(["coach", "coach"]);
});
