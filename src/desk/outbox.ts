/**
 * Each kind of message in the outbox as the owner's Outbox screen names it. Every kind the server
 * queues (src/server/store/schema.ts OUTBOX_KINDS) is here: tests/unit/desk/outbox.test.ts holds the
 * two lists together, so a new kind cannot reach the screen without a name.
 */
export const OUTBOX_KIND_LABELS = {
  staff: "Staff alert",
  confirmation: "Visitor's confirmation",
  "sign-in": "Staff sign-in link",
  cancellation: "Intro cancellation",
  reschedule: "Intro new time",
  reminder: "Intro reminder",
  webhook: "Lead webhook",
  "privacy-confirm": "Privacy request's confirmation link",
  reply: "Reply to a lead",
  "lead-reminder": "New-lead reminder",
  digest: "Morning digest",
  "trial-confirmation": "Kids' trial confirmation",
  "trial-reminder": "Kids' trial reminder",
  "trial-cancellation": "Kids' trial cancellation",
  "instant-answer": "Instant answer",
  "no-show-offer": "Missed intro: new time offer",
  "payment-alert": "Payment nobody's form matches",
  text: "Text message",
  "text-alert": "Staff alert of a text",
} as const;

export type OutboxKindName = keyof typeof OUTBOX_KIND_LABELS;
