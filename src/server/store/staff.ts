import type { Dialect } from "./dialect";
import { queueMessage } from "./outbox";
import { toDate } from "./rows";
import type { StaffOperations } from "./types";

/** Staff accounts, sign-in links, sessions and the audit log: written once for both databases. */
export function staffQueries(dialect: Dialect): StaffOperations {
  const { db, codec } = dialect;
  return {
    async addStaff(email, role, at) {
      return dialect.write(async (trx) => {
        const existing = await trx.selectFrom("staff_accounts").select("role").where("email", "=", email).executeTakeFirst();
        if (existing?.role === role) return "unchanged";
        if (existing) {
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
      return row && { email: row.email, role: row.role, createdAt: toDate(row.created_at) };
    },
    async staffAccounts() {
      const rows = await db.selectFrom("staff_accounts").selectAll().orderBy("email").execute();
      return rows.map((row) => ({ email: row.email, role: row.role, createdAt: toDate(row.created_at) }));
    },
    async removeStaff(email) {
      // Sessions and unused links go with the account (ON DELETE CASCADE): signed out at once, everywhere.
      const result = await dialect.write((trx) => trx.deleteFrom("staff_accounts").where("email", "=", email).executeTakeFirst());
      return Number(result.numDeletedRows) > 0;
    },
    async createSignInLink({ email, token, tokenHash, at, expiresAt }) {
      await dialect.write(async (trx) => {
        await trx
          .insertInto("sign_in_links")
          .values({ token_hash: tokenHash, email, created_at: codec.time(at), expires_at: codec.time(expiresAt), used_at: null })
          .execute();
        // Links nobody used are of no further use once expired: they go as new ones are made.
        await trx.deleteFrom("sign_in_links").where("expires_at", "<", codec.time(at)).execute();
        await queueMessage(trx, codec, null, "sign-in", at, { data: { to: email, token } });
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
    async endSessions(email) {
      const result = await dialect.write((trx) => trx.deleteFrom("staff_sessions").where("email", "=", email).executeTakeFirst());
      return Number(result.numDeletedRows);
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
