import { z } from "zod";
import { leadRow, rowsToCsv } from "./csv";
import { sourceName } from "../../forms/visitSource";
import { formatLongDate } from "../../content/dates";
import { LEAD_STATUSES, STATUS_LABELS } from "../../desk/leads";
import { SEARCH_MAX } from "../../desk/limits";
import { durationWords } from "../../desk/time";
import { matchesPerson, personOf } from "../forms/fields";
import { FORMS } from "../../forms/registry";
import { INBOX_VIEWS, type InboxOperations } from "./types";
import { allows } from "../staff/auth";
import { OWNER_ONLY_FORMS, mayOpenForm } from "../../desk/leads";
import { StaffError, type StaffRoute } from "../staff/guard";
import { OWNER_ONLY } from "./leadRoute";
import { leadSummary } from "./view";
import { zonedToday } from "../../time/today";
import { GYM_ZONE } from "../../time/zone";

/**
 * The most leads one view reads. View, form and status are filtered in SQL (plain columns, both
 * databases); the search by name, e-mail or phone runs in code over these rows, because the name is in
 * `name` or `firstName`/`lastName` of a JSON payload that each database reads differently, and a small
 * gym's newest 500 leads are months of work. The answer says when more matched.
 */
export const VIEW_LIMIT = 500;
/** The most leads one CSV holds: years of a small gym's enquiries. */
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

/**
 * GET /api/staff/leads?view=&q=&form=&status=: the leads of a view, newest first, each with its status,
 * follow-up date and whether it is late. With format=csv, the same leads as a spreadsheet (owner only).
 */
export const leads: StaffRoute<InboxOperations> = {
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
      // The owner's download is the whole view, not the screen's page of it.
      const limit = format === "csv" ? EXPORT_LIMIT : VIEW_LIMIT;
      const exceptForms = OWNER_ONLY_FORMS.filter((hidden) => !mayOpenForm(staff.role, hidden));
      const page = await store.inbox({ view, today, form, exceptForms, status, limit });
      if (format === "csv" && page.more) {
        throw new StaffError(409, `This view holds more than ${EXPORT_LIMIT} leads: choose a form or a status, and download each.`);
      }
      const found = page.leads.filter((lead) => matchesPerson(personOf(lead.submission.payload), q));
      if (format === "csv") {
        await audit("leads.export");
        const body = rowsToCsv(
          found.map(({ submission, state, source }) => {
            const summary = leadSummary(submission, state, now);
            return leadRow(submission, {
              source: sourceName(source),
              medium: source?.utmMedium ?? "",
              campaign: source?.utmCampaign ?? "",
              "landing page": source?.landingPage ?? "",
              "referred by": source?.referrerHost ?? "",
              status: STATUS_LABELS[summary.status],
              "follow-up": summary.followUpOn ? formatLongDate(summary.followUpOn) : "",
              "answered in": summary.response ? durationWords(summary.response.clockMs) : "",
              "answered in (opening hours)": summary.response ? durationWords(summary.response.openMs) : "",
            });
          }),
        );
        return { download: { filename: `leads-${view}-${today}.csv`, type: "text/csv; charset=utf-8", body } };
      }
      return {
        json: {
          today,
          timeZone: GYM_ZONE,
          more: page.more,
          limit: VIEW_LIMIT,
          leads: found.map((lead) => leadSummary(lead.submission, lead.state, now)),
        },
      };
    },
  },
};
