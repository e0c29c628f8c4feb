import type { BrowserContext } from "@playwright/test";
import type { StaffRole } from "../../../src/desk/roles";
import { hashToken, newToken, SESSION_COOKIE } from "../../../src/server/staff/auth";
import { postgresAvailable, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { freePort, startProductionServer, type RunningServer } from "../../support/servers";
import { startTestSmtp, type TestSmtp } from "../../support/smtp";
import { withStore } from "../../support/staff";

/** The gym's shared inbox on a mailed site (STAFF_EMAIL): every staff alert goes to it. */
export const SHARED_INBOX = "coaches@gym.example";

/** A production server of a test's own, with a real mail server on loopback, on one database. */
export interface MailedSite {
  smtp: TestSmtp;
  /** The server now running (a restart replaces it). */
  server: RunningServer;
  url: string;
  /** Its PostgreSQL database, on "postgres"; undefined on SQLite (the file in server.dataDir). */
  databaseUrl: string | undefined;
  /** Adds the account (or changes its role) in the site's database, and signs the browser context in as it. */
  signIn(context: BrowserContext, email: string, role: StaffRole): Promise<void>;
  /** Stops the server and starts it again on the same port, settings and data. */
  restart(): Promise<RunningServer>;
  stop(): Promise<void>;
}

export type Database = "sqlite" | "postgres";

/** Whether a spec's PostgreSQL run is skipped: only on a developer machine without it, never under CI. */
export const skipPostgres = (database: Database) => database === "postgres" && !postgresAvailable() && !process.env.CI;

/**
 * Starts a mailed site for a spec's own tests (its beforeAll): mail to SMTP on loopback with the
 * shared inbox set, the site's address as SITE_URL, on SQLite or a PostgreSQL database of its own,
 * and `env` beside (Twilio's settings, the build's day). What was started is stopped again when a
 * later step fails.
 */
export async function startMailedSite(database: Database, env: Record<string, string> = {}): Promise<MailedSite> {
  const smtp = await startTestSmtp();
  let pg: TestPostgres | null = null;
  try {
    let databaseUrl: string | undefined;
    if (database === "postgres") {
      pg = await startTestPostgres();
      databaseUrl = await pg?.createDatabase();
      if (!databaseUrl) throw new Error("no PostgreSQL database for the test");
    }
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const settings = {
      ...env,
      SMTP_URL: smtp.url,
      STAFF_EMAIL: SHARED_INBOX,
      SITE_URL: url,
      HOST: "localhost",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const site: MailedSite = {
      smtp,
      server: await startProductionServer({ port, env: settings }),
      url,
      databaseUrl,
      async signIn(context, email, role) {
        const token = newToken();
        await withStore(
          site.server.dataDir,
          async (store) => {
            await store.addStaff(email, role, new Date());
            await store.createSession(hashToken(token), email, new Date());
          },
          databaseUrl,
        );
        await context.addCookies([
          { name: SESSION_COOKIE, value: token, domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Strict" },
        ]);
      },
      async restart() {
        await site.server.stop();
        site.server = await startProductionServer({ port, env: settings, dataDir: site.server.dataDir });
        return site.server;
      },
      async stop() {
        await site.server.stop();
        await smtp.stop();
        pg?.stop();
      },
    };
    return site;
  } catch (error) {
    await smtp.stop();
    pg?.stop();
    throw error;
  }
}
