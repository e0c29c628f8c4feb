import path from "node:path";

/** Everything the form functions read from the environment, in one place (README lists them). */
export interface ServerConfig {
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  staffEmail?: string;
  mailFrom: string;
  rateLimitPerMinute: number;
  siteUrl?: string;
  trustProxy: boolean;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  return parsed;
}

/**
 * The environment of the running process. Gatsby compiles functions with webpack and replaces every
 * `process.env.X` with its value at build time; reaching it through globalThis keeps server settings
 * (and secrets such as SMTP_URL) out of the bundle and lets them change without a rebuild.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return globalThis.process.env;
}

export function readConfig(env: NodeJS.ProcessEnv = runtimeEnv()): ServerConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    staffEmail: env.STAFF_EMAIL || undefined,
    mailFrom: env.MAIL_FROM || "Website forms <no-reply@crossfitgraham.com>",
    rateLimitPerMinute: positiveInt(env.FORM_RATE_LIMIT_PER_MINUTE, 10, "FORM_RATE_LIMIT_PER_MINUTE"),
    siteUrl: env.SITE_URL || undefined,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}
