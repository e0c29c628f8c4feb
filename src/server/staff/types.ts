import type { AuditAction } from "../../desk/audit";
import type { StaffRole } from "../../desk/roles";
import type { StoreBase } from "../store/dialect";

export interface StaffAccount {
  email: string;
  role: StaffRole;
  createdAt: Date;
  /** Since when this account gets no e-mail of each new lead (it turned them off); null: it gets them. */
  leadAlertsOffSince: Date | null;
  /** Which coach of the free intros (content/intro.json) this account is; null: none. */
  introCoach: string | null;
}

export interface StaffSession {
  email: string;
  role: StaffRole;
  createdAt: Date;
  lastSeenAt: Date;
}

/** What a sign-in link gives: the account it signs in, or why it cannot. */
export type LinkResult = Pick<StaffAccount, "email" | "role"> | "used" | "expired" | "unknown";

/**
 * What a code typed in a browser gives: the account it signs in; a wrong code, with the tries its
 * request has left; "no-tries" (the request took its last wrong code); "expired" (this browser has no
 * request, or its 15 minutes are over); "used" (the right code, but its link was used or voided).
 */
export type CodeResult = Pick<StaffAccount, "email" | "role"> | { wrong: number } | "no-tries" | "expired" | "used";

/**
 * The browser asking for a sign-in e-mail, within the limits (a request past them is written nowhere:
 * routes/signIn.ts): the SHA-256 of its `__Host-staff-sign-in` cookie, and the console page to go on to
 * (checked: desk/paths.ts's consolePath).
 */
export interface SignInAsking {
  browserHash: string;
  next?: string;
}

export interface AuditEntry {
  at: Date;
  /** A staff member's address, or "cli" for the terminal. */
  actor: string;
  /** What was done, e.g. "lead.status", "privacy.delete", "staff.add" (src/desk/audit.ts lists them with their words). */
  action: string;
  /** A submission reference or a staff address; never a visitor's personal data. */
  target?: string | null;
}

/**
 * Staff accounts, sign-in links, sessions, known devices and the audit log (staff/store.ts). Addresses are lower-cased
 * by the caller; tokens reach the store only as SHA-256 hashes, except a new link's token, which its
 * outbox message holds until the link is mailed.
 */
export interface StaffOperations {
  /**
   * Adds an account or changes its role. "last-owner": it is the only owner, and would no longer be one
   * (the check and the change are one transaction, so two owners demoting each other leave one).
   */
  addStaff(email: string, role: StaffRole, at: Date): Promise<"added" | "updated" | "unchanged" | "last-owner">;
  staffAccount(email: string): Promise<StaffAccount | undefined>;
  staffAccounts(): Promise<StaffAccount[]>;
  /**
   * Turns the account's e-mail of each new lead on or off (off keeps the time it was first turned off).
   * False when no account has that address.
   */
  setLeadAlerts(email: string, on: boolean, at: Date): Promise<boolean>;
  /** Sets which intro coach the account is (null: none); false when the account does not exist. */
  setIntroCoach(email: string, coach: string | null): Promise<boolean>;
  /** Removes the account with its sessions and links: that person is signed out at once. "last-owner" as for addStaff. */
  removeStaff(email: string): Promise<"removed" | "not-found" | "last-owner">;
  /**
   * Queues a request for a sign-in e-mail: the same one outbox row whoever the address belongs to, and,
   * for a browser (`asking`), the same one request row, which its code will be bound to. Without
   * `asking` (the terminal, the tests), a link alone.
   */
  requestSignIn(email: string, at: Date, asking?: SignInAsking): Promise<void>;
  /**
   * The sender's step before mailing a sign-in request (message `messageId`): makes its link for a staff
   * address (or, on a fresh install, for `firstOwner`, who becomes the owner), or gives the link an earlier
   * attempt made while it can still sign in. Otherwise the message is deleted and the reason returned.
   */
  issueSignInLink(
    request: { messageId: number; email: string; requestedAt: Date; token?: string; code?: string; browserHash?: string; next?: string },
    at: Date,
    firstOwner?: string,
  ): Promise<{ token: string; code?: string } | { drop: "not-staff" | "expired" | "link-gone" }>;
  /** Spends a link: only the first use before it expires signs in. */
  useSignInLink(tokenHash: string, now: Date): Promise<LinkResult>;
  /** The browser's request while it lasts: its address's key (auth.ts's addressKey) and the codes it has taken. */
  signInRequest(browserHash: string, now: Date): Promise<{ addressKey: string; tries: number } | undefined>;
  /**
   * Tries `code` for the browser's request: one try of CODE_TRIES, counted whatever the code. The right
   * one spends the request and its link together (only one of two at once), as a link spends its code.
   */
  useSignInCode(browserHash: string, code: string, now: Date): Promise<CodeResult>;
  createSession(tokenHash: string, email: string, at: Date): Promise<void>;
  findSession(tokenHash: string): Promise<StaffSession | undefined>;
  touchSession(tokenHash: string, at: Date): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /**
   * Ends every session of the address, voids its unused sign-in links and forgets its known devices but
   * `keepDevice` (the browser asking: it is in its owner's hands); returns how many sessions.
   */
  endSessions(email: string, keepDevice?: string): Promise<number>;
  /**
   * Remembers a browser the address just signed in on, for DEVICE_TTL_MS from `at`: a new device, or the
   * same one renewed. `replaces`: the device the browser was known as before, for another address; it is forgotten.
   */
  rememberDevice(tokenHash: string, email: string, at: Date, replaces?: string): Promise<void>;
  /** The address a known device belongs to, while it is remembered at `now`. */
  deviceOwner(tokenHash: string, now: Date): Promise<string | undefined>;
  /** Records an entry; only the codes the console has words for (an older release's stay readable as stored). */
  audit(entry: AuditEntry & { action: AuditAction }): Promise<void>;
  /** The newest entries first. */
  auditLog(limit: number): Promise<AuditEntry[]>;
}

/** What the staff's own code asks of the store: the accounts, sign-in and sessions, the audit log, and limiters. */
export type StaffStore = StoreBase & StaffOperations;
