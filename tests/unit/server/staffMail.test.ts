import { errorSummary } from "../../../src/server/log";
import { staffMail } from "../../../src/server/forms/staffAlert";

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
    "Received: 2026-11-20T10:00:00.000Z",
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
