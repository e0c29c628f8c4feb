import { formatLongDate } from "../../content/dates";
import { FORM_REGISTRY } from "../../forms/registry";
import { leadPath, staffPaths } from "../../desk/paths";
import { site } from "../content";
import type { StoredSubmission } from "../store/submission";
import type { StaffAccount } from "../staff/types";
import type { MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { personName } from "../forms/fields";
import { isOpenAt, openingOn, openMsBetween } from "./responseTime";
import { LATE_AFTER_MS, leadSummary } from "./view";
import type { NudgeStore } from "./types";
import { timeLabel } from "../../time/labels";
import { zonedToday } from "../../time/today";

/**
 * Leads older than this are not reminded of: a reminder is for a lead that can still be won. A week
 * holds more opening hours (72 at this gym) than the longest setting allowed (1,440 minutes).
 */
const REMIND_WITHIN_MS = 7 * 86_400_000;
/** A digest not sent by then (the server was down at opening) is not sent late: the day has begun. */
const DIGEST_LATEST_MS = 3 * 3_600_000;
const LIST_MAX = 50;

export interface NudgeSettings {
  /** 0: no reminders. */
  reminderMinutes: number;
  /** STAFF_EMAIL: who gets reminders when no staff account exists yet (the digest is the owners' alone). */
  staffEmail?: string;
  digest: boolean;
  siteUrl: string;
}

/**
 * Who a reminder goes to: every staff account, or STAFF_EMAIL while there is none. Asked when it is
 * queued and again as it goes, so it reaches the staff of that moment.
 */
function reminderRecipients(accounts: readonly StaffAccount[], staffEmail: string | undefined): string[] {
  return accounts.length > 0 ? accounts.map((account) => account.email) : staffEmail ? [staffEmail] : [];
}

/** Who the digest goes to: the owners, asked when it is queued and again as it goes. */
const ownersOf = (accounts: readonly StaffAccount[]): string[] =>
  accounts.filter((account) => account.role === "owner").map((account) => account.email);

/**
 * Run with each outbox pass (every 30 s on the production server, every 5 minutes on Netlify), before
 * sending: queues the reminder of each lead still New `reminderMinutes` of opening hours after it came,
 * while the gym is open, to every staff account; and, from opening, the owners' digest of the day. What
 * it queued goes out in the same pass. Returns what it queued, for the log and the tests.
 */
export async function queueNudges(
  store: NudgeStore,
  now: Date,
  settings: NudgeSettings,
): Promise<{ reminders: string[]; digest: boolean }> {
  const accounts = await store.staffAccounts();
  const everyone = reminderRecipients(accounts, settings.staffEmail);
  const owners = ownersOf(accounts);
  const reminders: string[] = [];
  if (settings.reminderMinutes > 0 && everyone.length > 0 && isOpenAt(now, site)) {
    for (const lead of await store.leadsStillNew(new Date(now.getTime() - REMIND_WITHIN_MS))) {
      if (openMsBetween(lead.createdAt, now, site) < settings.reminderMinutes * 60_000) continue;
      if (await store.queueLeadReminder(lead.id, now)) reminders.push(lead.id);
    }
  }
  const digest = settings.digest && owners.length > 0 && (await queueDigestOnce(store, now, settings.siteUrl));
  return { reminders, digest };
}

/**
 * Looked at again as the reminder goes, not only when it was queued: one that waited out a mail outage
 * is not sent about a lead that staff answered meanwhile, and it goes to the staff of that moment (its
 * outbox row names nobody), so a coach removed meanwhile does not get it, on a retry either. One queued
 * by the version before this one lists the staff of then: that list is left aside the same way.
 */
export async function prepareLeadReminder(
  store: Pick<NudgeStore, "leadStillNew" | "staffAccounts">,
  message: ClaimedMessage,
  settings: Pick<MessageSettings, "staffEmail">,
): Promise<ClaimedMessage | { dropped: string }> {
  const id = message.submission?.id;
  if (id === undefined || !(await store.leadStillNew(id))) return { dropped: "its lead is no longer New" };
  const to = reminderRecipients(await store.staffAccounts(), settings.staffEmail || undefined);
  if (to.length === 0) return { dropped: "it has no staff to go to" };
  return { ...message, data: { ...message.data, to: to.join(", ") } };
}

async function queueDigestOnce(store: NudgeStore, now: Date, siteUrl: string): Promise<boolean> {
  const today = zonedToday(now).date;
  const opening = openingOn(today, site);
  if (!opening || now < opening || (await store.digestDone(today))) return false;
  if (now.getTime() - opening.getTime() > DIGEST_LATEST_MS) return store.queueDigest(today, false, now);
  // Queued only on a day with something in it; what it says, and to whom, is found as it goes (prepareDigest).
  return store.queueDigest(today, (await digestOf(store, now, today, siteUrl)) !== null, now);
}

/**
 * The digest is written as it goes out, not when it was queued: its outbox row holds only the day, so
 * no visitor's name waits there (a deletion meanwhile leaves nothing behind, even through a mail
 * outage), a lead answered meanwhile is not listed, and it goes to the owners of that moment (one who
 * left or became a coach meanwhile does not get it; one queued by the version before this one lists the
 * owners of then, left aside the same way). As when it is queued, it is not sent more than three hours
 * after opening; nor when nothing is left in it.
 */
export async function prepareDigest(
  store: NudgeStore,
  message: ClaimedMessage,
  settings: Pick<MessageSettings, "now" | "siteUrl">,
): Promise<ClaimedMessage | { dropped: string }> {
  const { text } = message.data ?? {};
  // One queued by an older version has its text written and no day: the day it was queued.
  const day = message.data?.day ?? zonedToday(message.createdAt).date;
  const opening = openingOn(day, site);
  if (!opening || settings.now.getTime() - opening.getTime() > DIGEST_LATEST_MS)
    return { dropped: "it would be more than three hours late" };
  if (!message.data?.day && text) return message;
  const owners = ownersOf(await store.staffAccounts());
  if (owners.length === 0) return { dropped: "it has no owners to go to" };
  const mail = await digestOf(store, settings.now, day, settings.siteUrl);
  return mail ? { ...message, data: { ...message.data, ...mail, to: owners.join(", ") } } : { dropped: "nothing is left in it" };
}

/** The day's digest, its subject and text, or null when there is nothing in it. */
export async function digestOf(
  store: NudgeStore,
  now: Date,
  today: string,
  siteUrl: string,
): Promise<{ subject: string; text: string } | null> {
  // A privacy request nobody has confirmed may name anyone's address: it waits, as its staff alert does.
  // People (one line each, however many forms they sent), then members' forms.
  const members = async (view: "new" | "follow-up") =>
    (await store.inbox({ view, today, limit: LIST_MAX, confirmedRequestsOnly: true })).leads.map(({ submission, state }) => ({
      id: submission.id,
      submission,
      late: leadSummary(submission, state, now).late,
    }));
  const people = async (view: "action" | "follow-up") =>
    (await store.people({ view, today, now, limit: LIST_MAX })).people.flatMap(({ person, submissions }) => {
      const newest = submissions.at(-1);
      const waiting = person.state.waitingSince;
      if (!newest || (view === "action" && !waiting)) return [];
      return [{ id: person.id, submission: newest, late: Boolean(waiting && now.getTime() - waiting.getTime() > LATE_AFTER_MS) }];
    });
  const fresh = [...(await people("action")), ...(await members("new"))];
  const due = [...(await people("follow-up")), ...(await members("follow-up"))];
  const intros = (await store.upcomingIntros(openingOn(today, site) ?? now)).filter((intro) => zonedToday(intro.start).date === today);
  if (fresh.length + due.length + intros.length === 0) return null;
  const link = (id: string) => `${siteUrl}${leadPath(id)}`;
  const who = (submission: StoredSubmission) =>
    `${FORM_REGISTRY[submission.form].staffTitle} from ${personName(submission.payload) || submission.id}`;
  const section = (title: string, lines: string[]) => (lines.length === 0 ? [] : [`${title} (${lines.length}):`, ...lines, ""]);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return {
    subject: `Today at ${site.name}: ${[
      count(fresh.length, "new lead", "new leads"),
      count(due.length, "follow-up", "follow-ups"),
      count(intros.length, "free intro", "free intros"),
    ].join(", ")}`,
    text: [
      `Good morning. ${formatLongDate(today)} at ${site.name}:`,
      "",
      ...section(
        "New leads nobody has answered yet",
        fresh.map(({ id, submission, late }) => `- ${who(submission)}${late ? " (late)" : ""}: ${link(id)}`),
      ),
      ...section(
        "Follow-ups due today",
        due.map(({ id, submission }) => `- ${who(submission)}: ${link(id)}`),
      ),
      ...section(
        "Free intros today",
        intros.map(
          (intro) =>
            `- ${timeLabel(intro.start.toISOString())} with ${intro.coach}: ${who(intro.submission)}, ${link(intro.submission.id)}`,
        ),
      ),
      `The console: ${siteUrl}${staffPaths.leads}`,
      "",
    ].join("\n"),
  };
}
