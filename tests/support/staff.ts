import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { hashToken, newToken, SESSION_COOKIE } from "../../src/server/staff/auth";
import type { StaffRole } from "../../src/desk/roles";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../src/server/app/store";

/**
 * Staff sessions for tests of the console's screens: the account and a session are written straight
 * into the served site's SQLite file (the server sees them as it sees any sign-in), and the browser gets
 * the session's cookie. The sign-in itself, by e-mailed link, has its own tests (staffSignIn.spec.ts).
 */
export async function withStore<T>(dataDir: string, work: (store: SubmissionStore) => Promise<T>, databaseUrl?: string): Promise<T> {
  // The server's own database, opened beside it as another process would: its PostgreSQL when it has one.
  const store = databaseUrl
    ? await openPostgresStore(databaseUrl)
    : openSqliteStore(path.join(dataDir, "submissions.sqlite"), { busyTimeoutMs: 5_000 });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Adds the account (or changes its role) and opens a session for it; returns the session's token. */
export async function staffSession(dataDir: string, email: string, role: StaffRole, now = new Date()): Promise<string> {
  const token = newToken();
  await withStore(dataDir, async (store) => {
    await store.addStaff(email, role, now);
    await store.createSession(hashToken(token), email, now);
  });
  return token;
}

/**
 * A sign-in link for `email` asked for and made at `at`, as the site and its sender make one (the
 * request queued, then the link issued for it); the link's token. Undefined when the address is not staff.
 */
export async function signInLink(store: SubmissionStore, email: string, at: Date): Promise<string | undefined> {
  return (await signInMail(store, email, at))?.token;
}

/**
 * A sign-in e-mail for `email` asked for at `at` by the browser whose request cookie hashes to
 * `browserHash` (none: as the terminal or an older release asked), and made by the sender: its link's
 * token and, for a browser's request, its code. Undefined when the address is not staff.
 */
export async function signInMail(
  store: SubmissionStore,
  email: string,
  at: Date,
  browserHash?: string,
): Promise<{ token: string; code?: string } | undefined> {
  await store.requestSignIn(email, at, browserHash ? { browserHash } : undefined);
  const message = (await store.outbox(["pending"])).filter((m) => m.kind === "sign-in" && m.data?.to === email && !m.data.token).pop();
  if (!message) throw new Error(`no sign-in request queued for ${email}`);
  const { request: browser, next } = message.data ?? {};
  const issued = await store.issueSignInLink(
    { messageId: message.id, email, requestedAt: message.createdAt, browserHash: browser, next },
    at,
  );
  return "token" in issued ? issued : undefined;
}

/** Signs the browser context in as a staff member of the site at `baseUrl`, by that site's clock `now`. */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  dataDir: string,
  email: string,
  role: StaffRole,
  now = new Date(),
): Promise<void> {
  const token = await staffSession(dataDir, email, role, now);
  // A host-only cookie (a domain without a leading dot), as the server's __Host- cookie is.
  const { hostname } = new URL(baseUrl);
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, domain: hostname, path: "/", secure: true, httpOnly: true, sameSite: "Strict" },
  ]);
}
