import { email as emailSchema } from "../../forms/schemas/fields";
import { STAFF_ROLES, type StaffRole } from "../../desk/roles";
import type { StaffOperations } from "./types";

/**
 * Adding and removing staff: one implementation for `npm run staff` and the owner's Accounts screen.
 * Each returns a sentence for the person who asked; a mistake throws AccountError with one.
 */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountError";
  }
}

export function staffAddress(value: unknown): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw new AccountError(parsed.error.issues[0]?.message ?? "Enter an email address");
  return parsed.data;
}

export function staffRole(value: unknown): StaffRole {
  if (typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value)) return value as StaffRole;
  throw new AccountError(`The role must be ${STAFF_ROLES.join(" or ")}.`);
}

const onlyOwner = (email: string) => new AccountError(`${email} is the only owner. Add another owner first.`);

/** The gym must always have an owner who can sign in: the last one can be neither removed nor made a coach (the store checks). */
export async function addAccount(store: StaffOperations, emailValue: unknown, roleValue: unknown, now: Date): Promise<string> {
  const email = staffAddress(emailValue);
  const role = staffRole(roleValue);
  const result = await store.addStaff(email, role, now);
  if (result === "last-owner") throw onlyOwner(email);
  if (result === "unchanged") return `${email} is already a ${role}.`;
  return result === "added" ? `Added ${email} as ${role}. They sign in at /staff/ with this address.` : `${email} is now a ${role}.`;
}

export async function removeAccount(store: StaffOperations, emailValue: unknown): Promise<string> {
  const email = staffAddress(emailValue);
  const result = await store.removeStaff(email);
  if (result === "not-found") throw new AccountError(`${email} is not a staff account.`);
  if (result === "last-owner") throw onlyOwner(email);
  return `Removed ${email}; every session they had has ended.`;
}
