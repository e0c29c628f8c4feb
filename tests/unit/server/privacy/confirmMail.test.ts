import { addDays, formatLongDate } from "../../../../src/content/dates";
import { privacy } from "../../../../src/server/content";
import type { MessageSettings } from "../../../../src/server/outbox/delivery";
import { composeMessage } from "../../../../src/server/app/outbox";
import type { StoredSubmission } from "../../../../src/server/store/submission";
import type { ClaimedMessage } from "../../../../src/server/outbox/types";

/**
 * The mails of a privacy request, as the outbox writes them: the link to its person, which carries
 * nothing the sender typed, and the staff alert, sent once it is confirmed, with the answer-by date
 * counted from then.
 */

const TOKEN = "Tok3n_-Tok3n_-Tok3n_-Tok3n_-Tok3n_-Tok3n_-T";
const QUEUED_AT = new Date("2026-11-20T17:00:00.000Z");
const EXPIRES_AT = "2026-11-27T17:00:00.000Z";

const settings = (now: Date): MessageSettings => ({
  staffEmail: "coaches@gym.example",
  mailFrom: "Website forms <no-reply@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
  now,
});

// Whoever sent it chose the name and the details: a stranger's inbox must get neither.
const request: StoredSubmission = {
  id: "P-7K3M9QX2PA",
  form: "privacy-request",
  createdAt: QUEUED_AT,
  spam: null,
  payload: { name: "Win a prize at evil.example", email: "ana@example.com", request: "deletion", details: "Call 555-0100 now" },
};

function message(kind: ClaimedMessage["kind"], data: ClaimedMessage["data"], createdAt = QUEUED_AT): ClaimedMessage {
  return {
    id: 7,
    submissionId: request.id,
    kind,
    status: "pending",
    attempts: 0,
    nextAttemptAt: createdAt,
    lastError: null,
    sentAt: null,
    createdAt,
    data,
    submission: request,
  };
}

test("the link goes to the address the request names, says what was asked in the gym's words, and nothing the sender wrote", () => {
  const delivery = composeMessage(message("privacy-confirm", { token: TOKEN, expiresAt: EXPIRES_AT }), settings(QUEUED_AT));
  if (!("mail" in delivery)) throw new Error(`not a mail: ${JSON.stringify(delivery)}`);
  const { mail } = delivery;
  expect(mail).toMatchObject({ to: "ana@example.com", messageId: "<P-7K3M9QX2PA.privacy-confirm@gym.example>" });
  expect(mail.subject).toBe("Confirm your privacy request to CrossFit Graham (P-7K3M9QX2PA)");
  expect(mail.text).toContain(`\nhttps://gym.example/privacy/confirm/#token=${TOKEN}\n`);
  expect(mail.text).toContain("to delete everything we hold about this e-mail address");
  expect(mail.text).toContain("The link works once, for 7 days: until Friday, November 27, 2026 at 9:00 AM Pacific Standard Time.");
  expect(mail.text).toContain(`Once you confirm, we answer within ${privacy.requestResponseDays} days.`);
  expect(mail.text).toContain("If you did not ask, ignore this e-mail: nothing happens.");
  for (const typed of ["prize", "evil.example", "555-0100", "Call"]) {
    expect(mail.text).not.toContain(typed);
    expect(mail.subject).not.toContain(typed);
  }
});

test("a link that ran out while its mail waited, or whose token is gone, is not sent", () => {
  const justBefore = new Date(Date.parse(EXPIRES_AT) - 1);
  expect("mail" in composeMessage(message("privacy-confirm", { token: TOKEN, expiresAt: EXPIRES_AT }), settings(justBefore))).toBe(true);
  expect(composeMessage(message("privacy-confirm", { token: TOKEN, expiresAt: EXPIRES_AT }), settings(new Date(EXPIRES_AT)))).toEqual({
    drop: "its link has expired",
  });
  // Given up on, its data was cleared; a retry afterwards has no link to send.
  expect(composeMessage(message("privacy-confirm", null), settings(QUEUED_AT))).toEqual({ drop: "its link is no longer held" });
});

test("the staff alert, queued at the confirmation, gives the answer-by date counted from it", () => {
  const confirmedAt = new Date("2026-11-24T20:00:00.000Z");
  // As prepared to go (prepareStaffAlert): to the owners, found then.
  const delivery = composeMessage(message("staff", { to: "owner@gym.example", source: null }, confirmedAt), settings(confirmedAt));
  if (!("mail" in delivery)) throw new Error("not a mail");
  const due = formatLongDate(addDays("2026-11-24", privacy.requestResponseDays));
  expect(delivery.mail.subject).toBe(`Privacy request from Win a prize at evil.example (Delete my data): answer by ${due} [P-7K3M9QX2PA]`);
  expect(delivery.mail.text).toContain(`Answer by: ${due} (${privacy.requestResponseDays} days from its confirmation`);
  expect(delivery.mail.text).toContain("Confirmed: Tuesday, November 24, 2026 at 12:00 PM Pacific Standard Time");
});
