import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { site } from "../../../src/server/content";
import { lead } from "../../../src/server/leads/leadRoute";
import type { StaffContext } from "../../../src/server/staff/guard";
import { openSqliteStore } from "../../../src/server/store/sqlite";
import type { SubmissionStore } from "../../../src/server/store/types";

/** The lead page's answer, from a real store: what staff read of an intro booking. */
let dir: string;
let store: SubmissionStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-lead-route-"));
  store = openSqliteStore(path.join(dir, "s.sqlite"));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("an intro's start and end read in the gym's zone and words, not as instants in UTC", async () => {
  expect(site.timeZone).toBe("America/Los_Angeles");
  const start = new Date("2026-12-01T15:30:00.000Z");
  const end = new Date("2026-12-01T16:00:00.000Z");
  await store.insert({
    id: "B-AAAAAAAAAA",
    form: "intro",
    createdAt: new Date("2026-11-27T09:52:34.572Z"),
    payload: { start: start.toISOString(), end: end.toISOString(), coach: "Ana", name: "Kai Lee", email: "kai@example.com" },
    spam: null,
    notify: false,
    booking: { coach: "Ana", start, end, email: "kai@example.com" },
  });
  // Only what the GET reads; the rest of a request's context is the guard's.
  const context = {
    store,
    now: new Date("2026-11-27T10:00:00Z"),
    query: { id: "B-AAAAAAAAAA" },
    staff: { email: "owner@gym.example", role: "owner" },
  } as unknown as StaffContext;
  const reply = await lead.GET!.run(context);
  const { fields } = (reply.json as { lead: { fields: Array<{ name: string; value: string }> } }).lead;
  expect(fields).toEqual([
    { name: "start", value: "Tuesday, December 1, 2026 at 7:30 AM Pacific Standard Time" },
    { name: "end", value: "Tuesday, December 1, 2026 at 8:00 AM Pacific Standard Time" },
    { name: "coach", value: "Ana" },
    { name: "name", value: "Kai Lee" },
    { name: "email", value: "kai@example.com" },
  ]);
});
