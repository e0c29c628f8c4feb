import { z } from "zod";
import { leadRow, rowsToCsv } from "./csv";
import { sourceName } from "../../forms/visitSource";
import { formatLongDate } from "../../content/dates";
import { LEAD_STATUSES, listsPeople, STATUS_LABELS } from "../../desk/leads";
import { SEARCH_MAX } from "../../desk/limits";
import { durationWords } from "../../desk/time";
import { matchesPerson } from "../forms/fields";
import { FORMS } from "../../forms/registry";
import { INBOX_VIEWS, type InboxFilter, type InboxOperations, type PeopleFilter, type PeopleOperations } from "./types";
import type { LeadSummary } from "../../desk/leads";
import type { StaffRole } from "../../desk/roles";
import type { StoredSubmission } from "../store/submission";
import type { VisitSource } from "../../forms/visitSource";
import { webhookEnabled } from "../process/settings";
import { allows } from "../staff/auth";
import { OWNER_ONLY_FORMS, mayOpenForm } from "../../desk/leads";
import { StaffError, type StaffRoute } from "../staff/guard";
import { OWNER_ONLY } from "./leadDetail";
import { leadSummary, personSummary } from "./view";
import { zonedToday } from "../../time/today";
import { GYM_ZONE } from "../../time/zone";
import { rates } from "../content";

/**
 * The most lines one view shows: a small gym's 500 leads are months of work. The answer says when more
 * matched.
 */
export const VIEW_LIMIT = 500;
/**
 * The most leads one search or CSV reads: years of a small gym's enquiries. View, form and status are
 * filtered in SQL (plain columns, both databases); the search by name, e-mail or phone runs in code over
 * the whole view, because the name is in `name` or `firstName`/`lastName` of a JSON payload that each
 * database reads differently. A search over only the view's first 500 missed the newest people of
 * Needs action, which lists the longest waiting first.
 */
export const EXPORT_LIMIT = 50_000;

const listQuery = z
  .object({
    view: z.enum(INBOX_VIEWS, { errorMap: () => ({ message: `Choose a view: ${INBOX_VIEWS.join(", ")}.` }) }).default("all"),
    q: z.string().max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters.`).optional(),
    form: z.enum(FORMS, { errorMap: () => ({ message: `Choose a form: ${FORMS.join(", ")}.` }) }).optional(),
    status: z.enum(LEAD_STATUSES, { errorMap: () => ({ message: `Choose a status: ${LEAD_STATUSES.join(", ")}.` }) }).optional(),
    format: z.enum(["csv"], { errorMap: () => ({ message: 'The only download format is "csv".' }) }).optional(),
  })
  .strict();

/** Empty query values mean "not chosen" (a form's blank option). */
const given = (query: Record<string, string | undefined>) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));

/** The most people one "mark Lost" takes: a screenful, and a bound on what one request writes. */
export const BULK_MAX = 200;

const bulk = z
  .object({
    action: z.literal("lost", { errorMap: () => ({ message: 'The only action on several people is "lost".' }) }),
    ids: z
      .array(z.string().trim().min(1).max(40), { invalid_type_error: "Give the people's references as a list." })
      .min(1, "Choose at least one person.")
      .max(BULK_MAX, `Mark at most ${BULK_MAX} people at once.`),
  })
  .strict("Send only action and ids.");

/**
 * GET /api/staff/leads?view=&q=&form=&status=: the people of a view (every view but Members and Spam:
 * one line per person, whatever forms they sent; Needs action oldest waiting first, the others newest
 * first), or members' forms and privacy requests (Members, or a form filter naming one), or spam. Each
 * with its status, follow-up date and whether it is late. With format=csv, the same as a spreadsheet
 * (owner only). POST {action: "lost", ids}: marks each of those people Lost (each audited), answering
 * the references that changed.
 */
export const leads: StaffRoute<InboxOperations & PeopleOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, query, now, staff, audit }) {
      const parsed = listQuery.safeParse(given(query));
      if (!parsed.success) throw new StaffError(400, parsed.error.issues[0]?.message ?? "Check the list's filters.");
      const { view, q = "", form, status, format } = parsed.data;
      if (format === "csv" && !allows(staff.role, "owner")) throw new StaffError(403, "Only the gym's owner can download leads.");
      if (form && !mayOpenForm(staff.role, form)) throw new StaffError(403, OWNER_ONLY);
      const today = zonedToday(now).date;
      // The owner's download and a search read the whole view, not the screen's page of it.
      const limit = format === "csv" || q.trim() !== "" ? EXPORT_LIMIT : VIEW_LIMIT;
      const forms = !listsPeople(view, form);
      const rows = forms
        ? await formRows(store, { view: view === "stale" ? "all" : view, today, form, status, limit, role: staff.role }, now)
        : await peopleRows(store, { view: view as PeopleFilter["view"], today, now, form, status, limit });
      // Needs action as a whole also holds the sign-ups nobody has paid for: after the people, oldest first.
      if (view === "action" && !form && !status && mayOpenForm(staff.role, "signup")) {
        rows.lines.push(...(await unpaidSignupLines(store, now, limit)));
      }
      if (format === "csv" && rows.more) {
        throw new StaffError(409, `This view holds more than ${EXPORT_LIMIT} leads: choose a form or a status, and download each.`);
      }
      const found = rows.lines.filter((line) => matchesPerson(line.summary, q));
      if (format === "csv") {
        await audit("leads.export");
        const body = rowsToCsv(
          found.map(({ submission, summary, source }) =>
            leadRow(submission, {
              ...(summary.forms !== undefined && { person: summary.id, forms: String(summary.forms) }),
              source: sourceName(source),
              medium: source?.utmMedium ?? "",
              campaign: source?.utmCampaign ?? "",
              "landing page": source?.landingPage ?? "",
              "referred by": source?.referrerHost ?? "",
              status: STATUS_LABELS[summary.status],
              "follow-up": summary.followUpOn ? formatLongDate(summary.followUpOn) : "",
              "answered in": summary.response ? durationWords(summary.response.clockMs) : "",
              "answered in (opening hours)": summary.response ? durationWords(summary.response.openMs) : "",
            }),
          ),
        );
        return { download: { filename: `leads-${view}-${today}.csv`, type: "text/csv; charset=utf-8", body } };
      }
      return {
        json: {
          today,
          now: now.toISOString(),
          timeZone: GYM_ZONE,
          more: rows.more || found.length > VIEW_LIMIT,
          limit: VIEW_LIMIT,
          leads: found.slice(0, VIEW_LIMIT).map((line) => line.summary),
        },
      };
    },
  },
  POST: {
    role: "coach",
    async run({ store, body, now, staff, audit, config }) {
      const parsed = bulk.safeParse(body);
      if (!parsed.success) throw new StaffError(400, parsed.error.issues[0]?.message ?? "Choose the people to mark Lost.");
      const ids = [...new Set(parsed.data.ids)];
      const people = await Promise.all(ids.map((id) => store.personOf(id)));
      const unknown = ids.filter((_, index) => !people[index]);
      if (unknown.length) throw new StaffError(404, `No person has the reference ${unknown.join(", ")}. Nothing was changed.`);
      const changed = await store.markLost(
        people.map((person) => person!.id),
        staff.email,
        now,
        { webhook: webhookEnabled(config) },
      );
      for (const id of changed) await audit("lead.lost", id);
      return { json: { lost: changed } };
    },
  },
};

/** A sign-up still unpaid this long after it was sent counts in Needs action: "Signed up, not paid". */
export const UNPAID_AFTER_MS = 86_400_000;

/** The plans whose sign-up offers "Pay now": those with a Stripe payment link in content/rates.json. */
const payablePlans = (): ReadonlySet<string> => new Set(rates.plans.filter((plan) => plan.paymentLink).map((plan) => plan.id));

/**
 * The sign-ups Needs action lists as "Signed up, not paid": sent at least UNPAID_AFTER_MS ago, not spam,
 * for a plan that offered "Pay now" (`plans`), neither Joined nor Lost, and with no payment Stripe
 * reported as made for their reference (a bank payment on its way is not yet one). Staff take one off
 * the list by marking it Joined (paid another way) or Lost; a payment Stripe reports makes it Joined.
 */
export async function unpaidSignupLines(
  store: Pick<InboxOperations, "unpaidSignups">,
  now: Date,
  limit: number,
  plans: ReadonlySet<string> = payablePlans(),
): Promise<Line[]> {
  if (plans.size === 0) return [];
  const rows = await store.unpaidSignups({ before: new Date(now.getTime() - UNPAID_AFTER_MS), limit });
  return rows
    .filter(({ submission }) => plans.has(String(submission.payload.plan)))
    .map(({ submission, state, source }) => ({ summary: { ...leadSummary(submission, state, now), unpaid: true }, submission, source }));
}

/** One line of the list: what the console shows, and what the download adds. */
export interface Line {
  summary: LeadSummary;
  /** The form whose fields the download's row carries: a person's newest. */
  submission: StoredSubmission;
  source: VisitSource | null;
}

async function peopleRows(store: PeopleOperations, filter: PeopleFilter): Promise<{ lines: Line[]; more: boolean }> {
  const page = await store.people(filter);
  return {
    more: page.more,
    lines: page.people.flatMap(({ person, submissions, source }) => {
      const newest = submissions.at(-1);
      return newest ? [{ summary: personSummary(person, submissions, filter.now), submission: newest, source }] : [];
    }),
  };
}

async function formRows(
  store: InboxOperations,
  filter: Omit<InboxFilter, "exceptForms"> & { role: StaffRole },
  now: Date,
): Promise<{ lines: Line[]; more: boolean }> {
  const { role, ...rest } = filter;
  const exceptForms = OWNER_ONLY_FORMS.filter((hidden) => !mayOpenForm(role, hidden));
  const page = await store.inbox({ ...rest, exceptForms });
  return {
    more: page.more,
    lines: page.leads.map(({ submission, state, source }) => ({ summary: leadSummary(submission, state, now), submission, source })),
  };
}
