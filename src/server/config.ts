import path from "node:path";
import { listText, parseInstant } from "../content/dates";
import { rates, site } from "./content";

/** Everything the form functions read from the environment, in one place (README lists them). */
export interface ServerConfig {
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Why SMTP_URL cannot be used, when it cannot: mail then waits in the outbox until it is fixed. */
  smtpProblem?: string;
  staffEmail?: string;
  /** LEAD_REMINDER_MINUTES: a lead still New this many minutes of opening hours after it came gets one reminder to staff; 0: none. */
  leadReminderMinutes: number;
  /** MORNING_DIGEST: the owners' e-mail at opening (new and late leads, follow-ups due, today's intros); "off" sends none. */
  morningDigest: boolean;
  mailFrom: string;
  rateLimitPerMinute: number;
  formCeilingPerMinute: number;
  bookingsPerClientPerDay: number;
  siteUrl?: string;
  /** STAFF_OWNER_EMAIL: while the store has no staff account, this address may sign in, as the first owner. */
  ownerEmail?: string;
  trustProxy: boolean;
  /** Where each new lead and status change is posted, signed; unset (or wrong) means no webhook. */
  leadWebhook?: LeadWebhook;
  /**
   * STRIPE_WEBHOOK_SECRET: the signing secret of the gym's webhook endpoint in Stripe's dashboard, which
   * every event sent to /api/stripe is checked against (src/server/payments/signature.ts); unset or
   * wrong, every event is refused with a 503 and nothing is recorded.
   */
  stripeWebhookSecret?: string;
  /** Texting through Twilio; unset (or any of its settings wrong) means the site does not text. */
  twilio?: TwilioSettings;
  /** How far the server's clock is set from the machine's: 0 but on the tests' own servers (readTestClock). */
  clockOffsetMs: number;
  /** One line per setting that is wrong; each falls back to something safe, so forms keep working. */
  problems: string[];
}

/** LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET, once both are known to be usable. */
export interface LeadWebhook {
  url: string;
  secret: string;
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and TWILIO_API_URL, once all are known to be usable. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** TWILIO_FROM: the gym's own number (E.164), or a Messaging Service that sends from its numbers. */
  sender: { from: string } | { messagingServiceSid: string };
  /** TWILIO_API_URL: where the SDK's requests go instead of Twilio (a gateway, the tests' mock); unset: Twilio. */
  apiUrl?: string;
}

/** A shorter secret could be guessed by whoever sees signed requests; 32 characters is what a generator gives. */
export const WEBHOOK_SECRET_MIN_LENGTH = 32;

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;
export const DEFAULT_FORM_CEILING_PER_MINUTE = 120;
/** A person books one intro; a few a day from one connection leaves room for a family or a shared network. */
export const DEFAULT_BOOKINGS_PER_CLIENT_PER_DAY = 3;

/**
 * Why a mail server address cannot be used, or null. nodemailer decodes the user name and password
 * with decodeURIComponent, so a password with a bare `%` throws on every attempt; checking here turns
 * that into one clear line instead of an error per submission.
 */
export function smtpUrlProblem(value: string): string | null {
  const hint =
    "write it as smtp://user:password@host:587 or smtps://user:password@host:465, with special characters in the user or password percent-encoded";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SMTP_URL is not a URL: ${hint}`;
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`;
  if (!url.hostname) return `SMTP_URL has no host name: ${hint}`;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return `SMTP_URL has a user name or password with a bare "%": ${hint} (a % is written %25)`;
  }
  return null;
}

const isLoopback = (hostname: string): boolean =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * The lead webhook's settings, or why they cannot be used. The URL is never repeated in the message: a
 * receiver's address often holds its own key (Zapier's hooks, for one), and this line goes to the log.
 */
export function readLeadWebhook(env: NodeJS.ProcessEnv): { webhook?: LeadWebhook; problem?: string } {
  const url = env.LEAD_WEBHOOK_URL?.trim() || undefined;
  const secret = env.LEAD_WEBHOOK_SECRET || undefined;
  const off = "; the lead webhook is off";
  if (!url) return secret ? { problem: `LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not${off}` } : {};
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: `LEAD_WEBHOOK_URL is not a URL (write it as https://host/path)${off}` };
  }
  // Leads are personal data: over the internet only encrypted; plain http only to this machine.
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && isLoopback(parsed.hostname)))
    return { problem: `LEAD_WEBHOOK_URL must start with https:// (http:// only for localhost), not ${parsed.protocol}//${off}` };
  // fetch refuses a URL with a user name or password, so every delivery would fail.
  if (parsed.username || parsed.password)
    return { problem: `LEAD_WEBHOOK_URL must not hold a user name or password (the signature authenticates the site)${off}` };
  if (!secret) return { problem: `LEAD_WEBHOOK_SECRET must be set with LEAD_WEBHOOK_URL, so receivers can check the signature${off}` };
  if (secret.length < WEBHOOK_SECRET_MIN_LENGTH)
    return { problem: `LEAD_WEBHOOK_SECRET must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters, not ${secret.length}${off}` };
  return { webhook: { url: parsed.href, secret } };
}

const TWILIO_NAMES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/**
 * Twilio's settings, or why texting is off. The auth token is never repeated in a message, nor the
 * API URL (a gateway's address may hold its own key); the account SID and the sender are not secret.
 */
export function readTwilio(env: NodeJS.ProcessEnv): { twilio?: TwilioSettings; problem?: string } {
  const off = "; texting is off";
  const given = TWILIO_NAMES.filter((name) => env[name]?.trim());
  const apiUrlValue = env.TWILIO_API_URL?.trim() || undefined;
  if (given.length === 0) return apiUrlValue ? { problem: `TWILIO_API_URL is set but ${TWILIO_NAMES.join(", ")} are not${off}` } : {};
  const missing = TWILIO_NAMES.filter((name) => !given.includes(name));
  if (missing.length > 0) return { problem: `${listText(missing, "and")} must be set with ${listText(given, "and")}${off}` };
  const accountSid = (env.TWILIO_ACCOUNT_SID ?? "").trim();
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid))
    return { problem: `TWILIO_ACCOUNT_SID must be AC and 32 hexadecimal characters (the Account SID in Twilio's console)${off}` };
  const authToken = env.TWILIO_AUTH_TOKEN ?? "";
  // A space or line break copied with the token would make every request fail as unauthenticated.
  if (!/^[\x21-\x7e]+$/.test(authToken))
    return { problem: `TWILIO_AUTH_TOKEN must be the Auth Token from Twilio's console, without spaces or line breaks${off}` };
  const from = (env.TWILIO_FROM ?? "").trim();
  let sender: TwilioSettings["sender"];
  if (/^\+[1-9]\d{1,14}$/.test(from)) sender = { from };
  else if (/^MG[0-9a-fA-F]{32}$/.test(from)) sender = { messagingServiceSid: from };
  else
    return {
      problem: `TWILIO_FROM must be the gym's Twilio number as + and digits (like +12535550142) or a Messaging Service SID (MG and 32 hexadecimal characters), not "${from}"${off}`,
    };
  if (!apiUrlValue) return { twilio: { accountSid, authToken, sender } };
  let apiUrl: URL;
  try {
    apiUrl = new URL(apiUrlValue);
  } catch {
    return { problem: `TWILIO_API_URL is not a URL (write it as https://host, or leave it unset to reach Twilio)${off}` };
  }
  // The requests carry the auth token: over the internet only encrypted; plain http only to this machine.
  if (apiUrl.protocol !== "https:" && !(apiUrl.protocol === "http:" && isLoopback(apiUrl.hostname)))
    return { problem: `TWILIO_API_URL must start with https:// (http:// only for localhost), not ${apiUrl.protocol}//${off}` };
  if (apiUrl.username || apiUrl.password || apiUrl.search || apiUrl.hash)
    return {
      problem: `TWILIO_API_URL must be a scheme, a host and at most a path, without a user name, password, query or fragment${off}`,
    };
  return { twilio: { accountSid, authToken, sender, apiUrl: apiUrl.href.replace(/\/+$/, "") } };
}

/**
 * STRIPE_WEBHOOK_SECRET, or why it cannot be used. Stripe's signing secrets start with `whsec_`; one
 * copied with a line break or spaces around it is taken without them (a secret never holds a space).
 * Unset, it is a problem only where the content has payment links (`paymentLinks`): their payments
 * would then go unrecorded. The value is never repeated in the message, which goes to the log.
 */
export function readStripeWebhookSecret(env: NodeJS.ProcessEnv, paymentLinks: boolean): { secret?: string; problem?: string } {
  const value = env.STRIPE_WEBHOOK_SECRET?.trim();
  const off = ": no payment can be recorded until it is (Stripe sends each event again for three days)";
  if (!value) return paymentLinks ? { problem: `STRIPE_WEBHOOK_SECRET is not set, but content/rates.json has payment links${off}` } : {};
  if (!/^whsec_\S{16,}$/.test(value))
    return {
      problem: `STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret from Stripe's dashboard, starting with whsec_${off}`,
    };
  return { secret: value };
}

/**
 * TEST_SERVER_TIME: the instant the server's clock reads when the process starts, from where it runs on
 * at the machine's pace, so the tests' served site and the build they test agree on the day (BUILD_TIME)
 * and no midnight at the gym falls between a test's dates and the server's. Honoured only with
 * NODE_ENV=test, which the tests' servers set and a live server never does; anywhere else the setting
 * is refused with one line and the machine's clock is kept.
 */
export function readTestClock(env: NodeJS.ProcessEnv, machineNow = Date.now()): { offsetMs: number; problem?: string } {
  const value = env.TEST_SERVER_TIME?.trim();
  if (!value) return { offsetMs: 0 };
  if (env.NODE_ENV !== "test") {
    return { offsetMs: 0, problem: "TEST_SERVER_TIME is for the tests' servers only (with NODE_ENV=test); keeping the machine's clock" };
  }
  const at = parseInstant(value);
  if (!at) {
    return {
      offsetMs: 0,
      problem: `TEST_SERVER_TIME must be an ISO 8601 instant with its zone, not "${value}"; keeping the machine's clock`,
    };
  }
  return { offsetMs: at.getTime() - machineNow };
}

/**
 * The sender of staff e-mails when MAIL_FROM is unset: no-reply at the gym's own domain, taken from the
 * url in content/site.json without "www.", so it changes with the content.
 */
export function defaultMailFrom(siteUrl: string): string {
  return `Website forms <no-reply@${new URL(siteUrl).hostname.replace(/^www\./, "")}>`;
}

/** The gym asked for 15: a lead answered within minutes is the one most likely to join. */
export const DEFAULT_LEAD_REMINDER_MINUTES = 15;

function wholeMinutes(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const value = env[name];
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (Number.isInteger(parsed) && parsed >= 0 && parsed <= 24 * 60) return parsed;
  problems.push(`${name} must be a whole number of minutes from 0 (no reminders) to 1440, not "${value}"; using ${fallback}`);
  return fallback;
}

function onOff(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value || value === "on") return true;
  if (value === "off") return false;
  problems.push(`${name} must be on or off, not "${env[name]}"; keeping it on`);
  return true;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const value = env[name];
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (Number.isInteger(parsed) && parsed >= 1) return parsed;
  problems.push(`${name} must be a whole number of at least 1, not "${value}"; using ${fallback}`);
  return fallback;
}

/**
 * The environment of the running process. Gatsby compiles functions with webpack and replaces every
 * `process.env.X` with its value at build time; reaching it through globalThis keeps server settings
 * (and secrets such as SMTP_URL) out of the bundle and lets them change without a rebuild.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return globalThis.process.env;
}

/** `contentUrl` and `paymentLinks` come from content/ (site.json's url, rates.json's links), given by tests. */
export function readConfig(
  env: NodeJS.ProcessEnv = runtimeEnv(),
  contentUrl: string = site.url,
  paymentLinks: boolean = rates.plans.some((plan) => Boolean(plan.paymentLink)),
): ServerConfig {
  const problems: string[] = [];
  const smtpUrl = env.SMTP_URL || undefined;
  const smtpProblem = (smtpUrl && smtpUrlProblem(smtpUrl)) || undefined;
  if (smtpProblem) problems.push(`${smtpProblem}. Staff e-mails wait in the outbox until it is fixed.`);
  const trust = env.TRUST_PROXY?.trim();
  if (trust && !["1", "true", "0", "false"].includes(trust))
    problems.push(`TRUST_PROXY must be 1 or 0, not "${trust}"; not trusting X-Forwarded-For`);
  const { webhook, problem: webhookProblem } = readLeadWebhook(env);
  if (webhookProblem) problems.push(webhookProblem);
  const stripe = readStripeWebhookSecret(env, paymentLinks);
  if (stripe.problem) problems.push(stripe.problem);
  const { twilio, problem: twilioProblem } = readTwilio(env);
  if (twilioProblem) problems.push(twilioProblem);
  const clock = readTestClock(env);
  if (clock.problem) problems.push(clock.problem);
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl,
    smtpProblem,
    staffEmail: env.STAFF_EMAIL || undefined,
    mailFrom: env.MAIL_FROM || defaultMailFrom(contentUrl),
    rateLimitPerMinute: positiveInt(env, "FORM_RATE_LIMIT_PER_MINUTE", DEFAULT_RATE_LIMIT_PER_MINUTE, problems),
    formCeilingPerMinute: positiveInt(env, "FORM_CEILING_PER_MINUTE", DEFAULT_FORM_CEILING_PER_MINUTE, problems),
    bookingsPerClientPerDay: positiveInt(env, "INTRO_BOOKINGS_PER_CLIENT_PER_DAY", DEFAULT_BOOKINGS_PER_CLIENT_PER_DAY, problems),
    leadReminderMinutes: wholeMinutes(env, "LEAD_REMINDER_MINUTES", DEFAULT_LEAD_REMINDER_MINUTES, problems),
    morningDigest: onOff(env, "MORNING_DIGEST", problems),
    siteUrl: env.SITE_URL || undefined,
    ownerEmail: env.STAFF_OWNER_EMAIL?.trim().toLowerCase() || undefined,
    trustProxy: trust === "1" || trust === "true",
    leadWebhook: webhook,
    stripeWebhookSecret: stripe.secret,
    twilio,
    clockOffsetMs: clock.offsetMs,
    problems,
  };
}
