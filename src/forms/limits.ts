/**
 * Every form field's length limit: the schemas refuse longer text, and the pages set the same
 * `maxLength`, so a visitor is stopped while typing rather than when sending.
 */
export const LIMITS = { name: 100, email: 254, phone: 20, message: 5000, reason: 2000, notes: 2000, goals: 1000 } as const;
