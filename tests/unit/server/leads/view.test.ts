import { matchesPerson, personOf } from "../../../../src/server/forms/fields";
import { leadSummary } from "../../../../src/server/leads/view";
import type { StoredSubmission } from "../../../../src/server/store/submission";
import { INBOX_VIEWS } from "../../../../src/server/leads/types";
import { LEAD_STATUSES, STATUS_LABELS, VIEW_LABELS } from "../../../../src/desk/leads";

// The forms' words come from the registry with the forms themselves (tests/unit/forms/registry.test.ts).
test("the console has words for every status and view the server knows, and no others", () => {
  expect(Object.keys(STATUS_LABELS).sort()).toEqual([...LEAD_STATUSES].sort());
  expect(Object.keys(VIEW_LABELS).sort()).toEqual([...INBOX_VIEWS].sort());
});

test("a person is found by any part of the name (either form's fields), the address, or the phone however written", () => {
  const signup = personOf({ firstName: "Ana", lastName: "Quill", email: "ana@example.com", phone: "+12535550142" });
  expect(signup).toEqual({ name: "Ana Quill", email: "ana@example.com", phone: "+12535550142" });
  for (const words of ["ana quill", "QUILL", "ana@example", "(253) 555-0142", "555 0142", "  "])
    expect(matchesPerson(signup, words)).toBe(true);
  for (const words of ["ben", "0143", "12"]) expect(matchesPerson(signup, words)).toBe(false);
  // Digits inside other words are not a phone number: "Ana 5b5c5" is nobody's "555".
  for (const words of ["Ana 5b5c5", "phone 2a5b3", "+1 253 555 014x"]) expect(matchesPerson(signup, words)).toBe(false);
  expect(matchesPerson(signup, "+1.253.555.0142")).toBe(true);
  expect(personOf({ name: "Ben", email: "ben@example.com" })).toEqual({ name: "Ben", email: "ben@example.com", phone: "" });
});

test("a lead still New more than an hour after it arrived is late; a worked one or spam is not", () => {
  const sent: StoredSubmission = { id: "C-1", form: "contact", createdAt: new Date("2026-11-20T10:00:00Z"), payload: {}, spam: null };
  const at = (iso: string) => new Date(iso);
  expect(leadSummary(sent, null, at("2026-11-20T11:00:00Z")).late).toBe(false);
  expect(leadSummary(sent, null, at("2026-11-20T11:00:01Z")).late).toBe(true);
  const worked = {
    status: "contacted" as const,
    followUpOn: null,
    answeredAt: null,
    updatedAt: at("2026-11-20T10:30:00Z"),
    updatedBy: "o@example.com",
    firstResponseAt: at("2026-11-20T10:30:00Z"),
  };
  expect(leadSummary(sent, worked, at("2026-11-21T00:00:00Z")).late).toBe(false);
  expect(leadSummary({ ...sent, spam: "honeypot" }, null, at("2026-11-21T00:00:00Z")).late).toBe(false);
});
