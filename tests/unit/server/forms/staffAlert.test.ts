import { errorSummary } from "../../../../src/server/log";
import { staffMail } from "../../../../src/server/forms/staffAlert";

test("a multi-line value is one indented block under its label: no line of it can pass for a field", () => {
  const mail = staffMail(
    {
      id: "C-AAA",
      form: "contact",
      createdAt: new Date("2026-11-20T10:00:00Z"),
      spam: null,
      payload: {
        name: "Ana Ruiz",
        email: "ana@example.com",
        message: "Hi coach,\nEmail: someone@else.example\r\nPhone: 555\n\nReference: C-FAKE",
      },
    },
    "coaches@gym.example",
    "forms@gym.example",
    "gym.example",
    "https://gym.example",
  );
  const lines = mail.text.split("\n");
  // Every line that starts at the margin is ours; the visitor's lines are all indented.
  expect(lines.filter((line) => /^\S/.test(line))).toEqual([
    "Reference: C-AAA",
    // In the gym's zone and words, never an instant in UTC.
    "Received: Friday, November 20, 2026 at 2:00 AM Pacific Standard Time",
    "Open in the staff console: https://gym.example/staff/lead/?id=C-AAA",
    "Name: Ana Ruiz",
    "Email: ana@example.com",
    "Message: ",
  ]);
  expect(mail.text).toContain(
    "Message: \n    Hi coach,\n    Email: someone@else.example\\u000d\n    Phone: 555\n    \n    Reference: C-FAKE\n",
  );
});

test("a logged error keeps what staff can act on and drops addresses and quoted values", () => {
  const refused = Object.assign(
    new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ana@example.com>: Recipient address rejected"),
    {
      code: "EENVELOPE",
    },
  );
  expect(errorSummary(refused)).toBe(
    "Error [EENVELOPE]: Can't send mail - all recipients were rejected: 550 5.1.1 <…@…>: Recipient address rejected",
  );
});

test("a privacy request's alert says when it was confirmed and when the answer is due, in the gym's zone and words", () => {
  const mail = staffMail(
    {
      id: "P-AAAAAAAAAA",
      form: "privacy-request",
      createdAt: new Date("2026-07-01T16:00:00Z"),
      spam: null,
      payload: { name: "Ana Ruiz", email: "ana@example.com", request: "delete" },
    },
    "owner@gym.example",
    "forms@gym.example",
    "gym.example",
    "https://gym.example",
    new Date("2026-07-02T03:30:00Z"),
  );
  const lines = mail.text.split("\n");
  expect(lines).toContain("Received: Wednesday, July 1, 2026 at 9:00 AM Pacific Daylight Time");
  // 03:30 UTC on July 2 is still July 1 at the gym: the 45 days count from there.
  expect(lines).toContain("Confirmed: Wednesday, July 1, 2026 at 8:30 PM Pacific Daylight Time");
  expect(mail.subject).toBe("Privacy request from Ana Ruiz (delete): answer by Saturday, August 15, 2026 [P-AAAAAAAAAA]");
  expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
});
