import { fieldText } from "../../../../src/server/forms/fields";
import { leadRow } from "../../../../src/server/leads/csv";

/** A submission's fields in the gym's words, as the staff alert, the lead page and the staff's CSV show them. */

const ZONE = "America/Los_Angeles";

test.each([
  ["interest", "membership", "Membership"],
  ["interest", "kids", "CrossFit Kids"],
  ["request", "access", "See my data"],
  ["request", "withdraw-consent", "Withdraw my consent for health information"],
  ["type", "cancel", "Cancellation"],
  ["plan", "three-per-week", "3 Classes a Week"],
  ["startDate", "2026-12-01", "Tuesday, December 1, 2026"],
  ["healthConsent", true, "Yes"],
  ["photoConsent", false, "No"],
  ["start", "2026-12-01T15:30:00.000Z", "Tuesday, December 1, 2026 at 7:30 AM Pacific Standard Time"],
  // What the visitor typed is never taken for a code.
  ["message", "membership", "membership"],
  // A code the words do not know (a plan since removed) stays as stored rather than vanish.
  ["plan", "summer-special", "summer-special"],
  ["elapsedMs", 5321, "5321"],
])("%s %p reads %p", (name, value, words) => {
  expect(fieldText(name, value, ZONE)).toBe(words);
});

test("the staff's CSV row: the form's name, the time in the gym's words beside the exact instant, every field worded", () => {
  const row = leadRow(
    {
      id: "C-1",
      form: "contact",
      createdAt: new Date("2026-11-27T17:52:34.572Z"),
      payload: { name: "Ana", interest: "membership" },
      spam: null,
    },
    { status: "New" },
    ZONE,
  );
  expect(row).toEqual({
    reference: "C-1",
    form: "Contact",
    received: "Friday, November 27, 2026 at 9:52 AM Pacific Standard Time",
    "received (ISO 8601, UTC)": "2026-11-27T17:52:34.572Z",
    status: "New",
    name: "Ana",
    interest: "Membership",
  });
});
