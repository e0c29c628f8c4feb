/**
 * Who works the staff console: the owner, who may do everything, and coaches, who work the leads and
 * the free intros. The store keeps each account's role, the server checks it on every staff request
 * (src/server/staff/auth.ts), and the console shows what it allows. Pure.
 */
export const STAFF_ROLES = ["owner", "coach"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
