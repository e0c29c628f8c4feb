import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processState } from "../../../../src/server/process/state";
import { reports } from "../../../../src/server/reports/staffRoute";
import { hashToken, newToken } from "../../../../src/server/staff/auth";
import { STAFF_ROUTES } from "../../../../src/server/app/staff";
import { askStaffRoute, type Answer } from "../../support/staffRequest";
import type { LeadReport } from "../../../../src/desk/reports";
import { type SubmissionStore, openSqliteStore } from "../../../../src/server/app/store";

/**
 * GET /api/staff/reports through the staff guard, as the server runs it (the process's store is a real
 * SQLite file): 401 without a session, the same answer for owner and coach, 400 for a period it does
 * not know, 405 for a POST.
 */
const NOW = new Date("2026-11-25T20:00:00Z");
let dir: string;
let store: SubmissionStore;
const sessions: Record<"owner" | "coach", string> = { owner: newToken(), coach: newToken() };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-reports-route-"));
  store = openSqliteStore(path.join(dir, "submissions.sqlite"));
  processState().store = Promise.resolve(store);
  for (const role of ["owner", "coach"] as const) {
    await store.addStaff(`${role}@gym.example`, role, NOW);
    await store.createSession(hashToken(sessions[role]), `${role}@gym.example`, NOW);
  }
  const sent = (id: string, form: "contact" | "privacy-request", createdAt: string) =>
    store.insert({
      id,
      form,
      createdAt: new Date(createdAt),
      payload: { name: id, email: `${id}@example.com` },
      spam: null,
      notify: false,
    });
  await sent("C-ONE", "contact", "2026-11-24T18:00:00Z");
  await sent("P-ONE", "privacy-request", "2026-11-24T19:00:00Z");
  await store.updateLead("C-ONE", { status: "contacted" }, "coach@gym.example", new Date("2026-11-24T18:10:00Z"));
});
afterAll(async () => {
  processState().store = undefined;
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function ask(method: "GET" | "POST", query: Record<string, string>, role?: "owner" | "coach"): Promise<Answer> {
  return askStaffRoute("reports", reports, { method, query, session: role && sessions[role] }, NOW);
}

test("the route is in the staff table under its name, GET only, for owner and coach", () => {
  expect(STAFF_ROUTES.reports).toBe(reports);
  expect(reports.GET?.role).toBe("coach");
  expect(reports.POST).toBeUndefined();
});

test("401 without a session, never cached", async () => {
  const answer = await ask("GET", {});
  expect(answer.status).toBe(401);
  expect(answer.headers["cache-control"]).toBe("no-store");
});

test("owner and coach get the same report; a privacy request is no lead for either", async () => {
  const owner = await ask("GET", { period: "week" }, "owner");
  const coach = await ask("GET", { period: "week" }, "coach");
  expect(owner.status).toBe(200);
  expect(coach.status).toBe(200);
  expect(coach.body).toEqual(owner.body);
  const report = coach.body as LeadReport;
  expect(report).toMatchObject({ period: "week", firstDay: "2026-11-23", lastDay: "2026-11-25", leads: 1 });
  expect(report.byForm.map((row) => row.form)).not.toContain("privacy-request");
  expect(report.response).toMatchObject({ answered: 1, unanswered: 0, median: { clockMs: 600_000 } });
  expect(coach.headers["cache-control"]).toBe("no-store");
});

test("this week by default; the other periods by name; 400 naming the choices for any other", async () => {
  expect(((await ask("GET", {}, "coach")).body as LeadReport).period).toBe("week");
  expect(((await ask("GET", { period: "12-weeks" }, "coach")).body as LeadReport).byWeek).toHaveLength(12);
  const wrong = await ask("GET", { period: "year" }, "coach");
  expect(wrong.status).toBe(400);
  expect(wrong.body).toEqual({ error: "Choose a period: week, 4-weeks, 12-weeks." });
  expect((await ask("GET", { period: "week", extra: "1" }, "coach")).status).toBe(400);
});

test("405 for a POST, naming GET", async () => {
  const answer = await ask("POST", {}, "owner");
  expect(answer.status).toBe(405);
  expect(answer.headers.allow).toBe("GET");
});
