/**
 * What the audit log records, and how the owner's Accounts screen says it. Pure: the server types each
 * entry it writes with these codes (a code without words fails the type check), the console reads the
 * words. Stored entries keep the code, so the words can change without touching the log.
 */
export const AUDIT_WORDS = {
  "staff.sign-in": "signed in",
  "staff.sign-out-everywhere": "signed out on every device",
  "staff.add": "gave console access to",
  "staff.remove": "removed the console access of",
  "staff.lead-alerts-off": "turned off their new-lead e-mails",
  "staff.lead-alerts-on": "turned on their new-lead e-mails",
  "staff.intro-coach": "said which coach of the free intros they are",
  "lead.status": "changed the status of",
  "lead.follow-up": "set the follow-up date of",
  "lead.note": "added a note to",
  "lead.restore-spam": "moved out of spam",
  "lead.reply": "replied by e-mail to",
  "lead.call": "logged a call to",
  "lead.text": "logged a text to",
  "lead.sms": "sent a text to",
  "lead.lost": "marked as lost",
  "lead.merge": "merged",
  "reply-template.save": "saved the reply template",
  "reply-template.delete": "deleted the reply template",
  "instant-answer.save": "changed the words of the instant answer to the form",
  "instant-answer.reset": "restored the default words of the instant answer to the form",
  "leads.export": "downloaded the leads",
  "intro.attended": "recorded who came to the intro",
  "intro.no-show": "recorded a no-show at the intro",
  "intro.cancel": "cancelled the intro",
  "intro.reschedule": "moved the intro",
  "privacy.export": "downloaded the data of",
  "privacy.delete": "deleted",
  "privacy.withdraw": "removed the health information of",
  "privacy.answered": "marked as answered",
  "privacy.verify.in-person": "confirmed in person the privacy request",
  "privacy.verify.phone": "confirmed by phone the privacy request",
  "privacy.verify.email": "confirmed by e-mail the privacy request",
  "outbox.retry": "queued again a message of",
  "outbox.retry-failed": "queued again every failed message",
} as const;

export type AuditAction = keyof typeof AUDIT_WORDS;

/** The words for a stored entry's code; a code from an older release reads as it was stored. */
export function auditWords(action: string): string {
  return Object.hasOwn(AUDIT_WORDS, action) ? AUDIT_WORDS[action as AuditAction] : action;
}
