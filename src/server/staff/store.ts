import type { Kysely, Selectable } from "kysely";
import { addressKey, CODE_TRIES, codeHash, DEVICE_TTL_MS, hashToken, LINK_TTL_MS, newCode, newToken, sameHash } from "./auth";
import type { Dialect } from "../store/dialect";
import { queueMessage } from "../outbox/store";
import { toDate } from "../store/rows";
import type { Database, StaffAccountsTable, StoredTime } from "../store/schema";
import type { StaffAccount, StaffOperations } from "./types";

/** Whether an owner other than `email` exists: the gym must always keep one who can sign in. */
async function anotherOwner(trx: Kysely<Database>, email: string): Promise<boolean> {
  const other = await trx
    .selectFrom("staff_accounts")
    .select("email")
    .where("role", "=", "owner")
    .where("email", "!=", email)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * Makes the code of the browser's request, bound to the link just made, while the request lasts (one
 * waiting longer than a link lives gets none; the link alone is mailed). The code, for the mail.
 */
async function bindCode(trx: Kysely<Database>, browserHash: string, linkHash: string, time: StoredTime): Promise<string | undefined> {
  const code = newCode();
  const bound = await trx
    .updateTable("sign_in_requests")
    .set({ link_hash: linkHash, code_hash: codeHash(browserHash, code) })
    .where("browser_hash", "=", browserHash)
    .where("expires_at", ">", time)
    .where("link_hash", "is", null)
    .executeTakeFirst();
  return Number(bound.numUpdatedRows) > 0 ? code : undefined;
}

/** What a request without a code is compared with: no code's hash is 64 zeros. */
const NO_CODE = "0".repeat(64);

function toAccount(row: Selectable<StaffAccountsTable>): StaffAccount {
  return {
    email: row.email,
    role: row.role,
    createdAt: toDate(row.created_at),
    leadAlertsOffSince: row.lead_alerts_off_at === null ? null : toDate(row.lead_alerts_off_at),
    introCoach: row.intro_coach,
  };
}

/** Staff accounts, sign-in links, sessions, known devices and the audit log: written once for both databases. */
export function staffQueries(dialect: Dialect): StaffOperations {
  const { db, codec } = dialect;
  return {
    async addStaff(email, role, at) {
      return dialect.write(async (trx) => {
        // The "keep an owner" check and the change are one step: two owners demoting each other at once
        // (PostgreSQL runs both side by side) must not both see the other still an owner.
        await dialect.lockStaff(trx);
        const existing = await trx.selectFrom("staff_accounts").select("role").where("email", "=", email).executeTakeFirst();
        if (existing?.role === role) return "unchanged";
        if (existing) {
          if (existing.role === "owner" && !(await anotherOwner(trx, email))) return "last-owner";
          await trx.updateTable("staff_accounts").set({ role }).where("email", "=", email).execute();
          return "updated";
        }
        await trx
          .insertInto("staff_accounts")
          .values({ email, role, created_at: codec.time(at) })
          .execute();
        return "added";
      });
    },
    async staffAccount(email) {
      const row = await db.selectFrom("staff_accounts").selectAll().where("email", "=", email).executeTakeFirst();
      return row && toAccount(row);
    },
    async staffAccounts() {
      const rows = await db.selectFrom("staff_accounts").selectAll().orderBy("email").execute();
      return rows.map(toAccount);
    },
    async setLeadAlerts(email, on, at) {
      return dialect.write(async (trx) => {
        let change = trx
          .updateTable("staff_accounts")
          .set({ lead_alerts_off_at: on ? null : codec.time(at) })
          .where("email", "=", email);
        // Off already: since when stays the first time.
        if (!on) change = change.where("lead_alerts_off_at", "is", null);
        const changed = await change.executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0) return true;
        const account = await trx.selectFrom("staff_accounts").select("email").where("email", "=", email).executeTakeFirst();
        return account !== undefined;
      });
    },
    async setIntroCoach(email, coach) {
      const changed = await db.updateTable("staff_accounts").set({ intro_coach: coach }).where("email", "=", email).executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },
    async removeStaff(email) {
      return dialect.write(async (trx) => {
        await dialect.lockStaff(trx);
        const existing = await trx.selectFrom("staff_accounts").select("role").where("email", "=", email).executeTakeFirst();
        if (!existing) return "not-found";
        if (existing.role === "owner" && !(await anotherOwner(trx, email))) return "last-owner";
        // Sessions, unused links and known devices go with the account (ON DELETE CASCADE): signed out at once, everywhere.
        // A link mailed but not yet sent is dropped by the sender, which finds its row gone (issueSignInLink).
        await trx.deleteFrom("staff_accounts").where("email", "=", email).execute();
        return "removed";
      });
    },
    async requestSignIn(email, at, asking) {
      // The same rows for every address, staff or not: nothing in this answer's work or time tells
      // which it is. The sender makes the link and its code, after the answer (issueSignInLink).
      await dialect.write(async (trx) => {
        if (asking) {
          const time = codec.time(at);
          // Requests past their 15 minutes are of no further use: they go as new ones come.
          await trx.deleteFrom("sign_in_requests").where("expires_at", "<=", time).execute();
          await trx
            .insertInto("sign_in_requests")
            .values({
              browser_hash: asking.browserHash,
              address_key: addressKey(email),
              created_at: time,
              expires_at: codec.time(new Date(at.getTime() + LINK_TTL_MS)),
              link_hash: null,
              code_hash: null,
            })
            .execute();
        }
        const data = asking ? { to: email, request: asking.browserHash, ...(asking.next ? { next: asking.next } : {}) } : { to: email };
        await queueMessage(trx, codec, null, "sign-in", at, { data });
      });
    },
    async issueSignInLink({ messageId, email, requestedAt, token, code, browserHash, next }, at, firstOwner) {
      const time = codec.time(at);
      return dialect.write(async (trx) => {
        const drop = async (reason: "not-staff" | "expired" | "link-gone") => {
          await trx.deleteFrom("outbox").where("id", "=", messageId).execute();
          return { drop: reason } as const;
        };
        if (token) {
          // Made by an earlier attempt: sent only while it can still sign in (not spent, voided or expired).
          const link = await trx
            .selectFrom("sign_in_links")
            .select("token_hash")
            .where("token_hash", "=", hashToken(token))
            .where("used_at", "is", null)
            .where("expires_at", ">", time)
            .executeTakeFirst();
          if (!link) return drop("link-gone");
          return code ? { token, code } : { token };
        }
        // A request that waited longer than a link lives (mail was down) is of no use to anyone now.
        if (at.getTime() - requestedAt.getTime() >= LINK_TTL_MS) return drop("expired");
        await dialect.lockStaff(trx);
        let account = await trx.selectFrom("staff_accounts").select("email").where("email", "=", email).executeTakeFirst();
        if (!account && firstOwner === email) {
          const anyone = await trx.selectFrom("staff_accounts").select("email").limit(1).executeTakeFirst();
          if (!anyone) {
            await trx.insertInto("staff_accounts").values({ email, role: "owner", created_at: time }).execute();
            await trx
              .insertInto("audit_log")
              .values({ at: time, actor: "STAFF_OWNER_EMAIL", action: "staff.add", target: email })
              .execute();
            account = { email };
          }
        }
        if (!account) return drop("not-staff");
        const fresh = newToken();
        await trx
          .insertInto("sign_in_links")
          .values({
            token_hash: hashToken(fresh),
            email,
            created_at: time,
            expires_at: codec.time(new Date(at.getTime() + LINK_TTL_MS)),
            used_at: null,
          })
          .execute();
        // Links nobody used are of no further use once expired: they go as new ones are made.
        await trx.deleteFrom("sign_in_links").where("expires_at", "<", time).execute();
        const made = browserHash ? await bindCode(trx, browserHash, hashToken(fresh), time) : undefined;
        // The raw token and code wait in the message until it is sent (markSent clears them), as the mail needs them.
        const data = { to: email, request: browserHash, next, token: fresh, code: made };
        await trx
          .updateTable("outbox")
          .set({ data: JSON.stringify(data) })
          .where("id", "=", messageId)
          .execute();
        return made ? { token: fresh, code: made } : { token: fresh };
      });
    },
    async useSignInLink(tokenHash, now) {
      const time = codec.time(now);
      return dialect.write(async (trx) => {
        // One UPDATE decides: of two requests with the same link, only one sees a row come back.
        const used = await trx
          .updateTable("sign_in_links")
          .set({ used_at: time })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .where("expires_at", ">", time)
          .returning("email")
          .executeTakeFirst();
        if (used) {
          const account = await trx
            .selectFrom("staff_accounts")
            .select(["email", "role"])
            .where("email", "=", used.email)
            .executeTakeFirst();
          return account ? { email: account.email, role: account.role } : "unknown";
        }
        const link = await trx.selectFrom("sign_in_links").select("used_at").where("token_hash", "=", tokenHash).executeTakeFirst();
        if (!link) return "unknown";
        return link.used_at === null ? "expired" : "used";
      });
    },
    async signInRequest(browserHash, now) {
      const row = await db
        .selectFrom("sign_in_requests")
        .select(["address_key", "tries"])
        .where("browser_hash", "=", browserHash)
        .where("expires_at", ">", codec.time(now))
        .executeTakeFirst();
      return row && { addressKey: row.address_key, tries: Number(row.tries) };
    },
    async useSignInCode(browserHash, code, now) {
      const time = codec.time(now);
      return dialect.write(async (trx) => {
        // One UPDATE counts the try and decides: of two tries at once, each is counted, and only one of
        // them can find the request still there once the other has spent it.
        const tried = await trx
          .updateTable("sign_in_requests")
          .set((eb) => ({ tries: eb("tries", "+", 1) }))
          .where("browser_hash", "=", browserHash)
          .where("expires_at", ">", time)
          .where("tries", "<", CODE_TRIES)
          .returning(["tries", "code_hash", "link_hash"])
          .executeTakeFirst();
        if (!tried) {
          const spent = await trx
            .selectFrom("sign_in_requests")
            .select("tries")
            .where("browser_hash", "=", browserHash)
            .where("expires_at", ">", time)
            .executeTakeFirst();
          return spent ? "no-tries" : "expired";
        }
        // A stranger's request has no code: it is compared, as a staff member's is, with a hash no code has.
        if (!sameHash(tried.code_hash ?? NO_CODE, codeHash(browserHash, code))) return { wrong: CODE_TRIES - Number(tried.tries) };
        await trx.deleteFrom("sign_in_requests").where("browser_hash", "=", browserHash).execute();
        if (!tried.link_hash) return "used";
        // The code and the link are one sign-in: the link goes with the code, as the code goes with the link.
        const used = await trx
          .updateTable("sign_in_links")
          .set({ used_at: time })
          .where("token_hash", "=", tried.link_hash)
          .where("used_at", "is", null)
          .where("expires_at", ">", time)
          .returning("email")
          .executeTakeFirst();
        if (!used) return "used";
        const account = await trx.selectFrom("staff_accounts").select(["email", "role"]).where("email", "=", used.email).executeTakeFirst();
        return account ? { email: account.email, role: account.role } : "used";
      });
    },
    async createSession(tokenHash, email, at) {
      const time = codec.time(at);
      await dialect.write((trx) =>
        trx.insertInto("staff_sessions").values({ token_hash: tokenHash, email, created_at: time, last_seen_at: time }).execute(),
      );
    },
    async findSession(tokenHash) {
      const row = await db
        .selectFrom("staff_sessions")
        .innerJoin("staff_accounts", "staff_accounts.email", "staff_sessions.email")
        .select(["staff_sessions.email", "staff_accounts.role", "staff_sessions.created_at", "staff_sessions.last_seen_at"])
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return row && { email: row.email, role: row.role, createdAt: toDate(row.created_at), lastSeenAt: toDate(row.last_seen_at) };
    },
    async touchSession(tokenHash, at) {
      await dialect.write((trx) =>
        trx
          .updateTable("staff_sessions")
          .set({ last_seen_at: codec.time(at) })
          .where("token_hash", "=", tokenHash)
          .execute(),
      );
    },
    async endSession(tokenHash) {
      await dialect.write((trx) => trx.deleteFrom("staff_sessions").where("token_hash", "=", tokenHash).execute());
    },
    async endSessions(email, keepDevice) {
      return dialect.write(async (trx) => {
        // Everywhere includes a link lying unused in a mailbox: it would start a new session.
        await trx.deleteFrom("sign_in_links").where("email", "=", email).where("used_at", "is", null).execute();
        // ...and the lost phone's standing as a known device, but not the browser asking's.
        let devices = trx.deleteFrom("staff_devices").where("email", "=", email);
        if (keepDevice) devices = devices.where("token_hash", "!=", keepDevice);
        await devices.execute();
        const result = await trx.deleteFrom("staff_sessions").where("email", "=", email).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
    async rememberDevice(tokenHash, email, at, replaces) {
      const time = codec.time(at);
      const expires = codec.time(new Date(at.getTime() + DEVICE_TTL_MS));
      await dialect.write(async (trx) => {
        if (replaces && replaces !== tokenHash) await trx.deleteFrom("staff_devices").where("token_hash", "=", replaces).execute();
        // Devices not signed in on for a year are of no further use: they go as new ones are remembered.
        await trx.deleteFrom("staff_devices").where("expires_at", "<=", time).execute();
        const renewed = await trx
          .updateTable("staff_devices")
          .set({ expires_at: expires })
          .where("token_hash", "=", tokenHash)
          .where("email", "=", email)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) > 0) return;
        await trx.insertInto("staff_devices").values({ token_hash: tokenHash, email, created_at: time, expires_at: expires }).execute();
      });
    },
    async deviceOwner(tokenHash, now) {
      const row = await db
        .selectFrom("staff_devices")
        .select("email")
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", codec.time(now))
        .executeTakeFirst();
      return row?.email;
    },
    async audit({ at, actor, action, target }) {
      await dialect.write((trx) =>
        trx
          .insertInto("audit_log")
          .values({ at: codec.time(at), actor, action, target: target ?? null })
          .execute(),
      );
    },
    async auditLog(limit) {
      const rows = await db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
      return rows.map((row) => ({ at: toDate(row.at), actor: row.actor, action: row.action, target: row.target }));
    },
  };
}
