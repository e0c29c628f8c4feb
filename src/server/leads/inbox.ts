import type { Dialect } from "../store/dialect";
import { toSubmission } from "../store/rows";
import { toLeadState } from "./store";
import { toVisitSource } from "../forms/store";
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "../store/schema";
import type { InboxFilter, InboxLead, InboxOperations } from "./types";
import { SALES_FORMS } from "../../forms/registry";

/** Statuses that close a lead: a follow-up date left on one no longer asks for a call. */
const CLOSED = ["joined", "lost"] as const;

/** A submission with its own state (`leads`) and the source its visit kept, as the lists read them. */
function withState(from: SelectQueryBuilder<Database, "submissions", object>) {
  return from
    .leftJoin("leads", "leads.submission_id", "submissions.id")
    .leftJoin("lead_sources", "lead_sources.submission_id", "submissions.id")
    .selectAll("submissions")
    .select(["leads.status", "leads.follow_up_on", "leads.answered_at", "leads.updated_at", "leads.updated_by", "leads.first_response_at"])
    .select([
      "lead_sources.submission_id as source_id",
      "lead_sources.landing_page",
      "lead_sources.referrer_host",
      "lead_sources.utm_source",
      "lead_sources.utm_medium",
      "lead_sources.utm_campaign",
    ]);
}

/**
 * The staff's lead list, newest first. Every condition here is plain SQL on columns both databases
 * index or scan cheaply (spam, form, status, follow-up date), written once; a lead with no row in
 * `leads` is New with no follow-up date. At most `limit` rows come back, plus one to tell whether more
 * matched.
 */
export function inboxQueries(dialect: Dialect): InboxOperations {
  const { db, codec } = dialect;
  const toInboxLead = (row: Awaited<ReturnType<ReturnType<typeof withState>["execute"]>>[number]): InboxLead => ({
    submission: toSubmission(row, codec),
    state:
      row.status === null || row.updated_at === null || row.updated_by === null
        ? null
        : toLeadState({ ...row, status: row.status, updated_at: row.updated_at, updated_by: row.updated_by }),
    source: row.source_id === null ? null : toVisitSource(row),
  });
  return {
    async inbox(filter: InboxFilter) {
      let query = withState(db.selectFrom("submissions"))
        .orderBy("submissions.created_at", "desc")
        .orderBy("submissions.id", "desc")
        .limit(filter.limit + 1);
      // Spam is every form's; otherwise the sales forms are their people's (leads/people.ts) and not listed here.
      query =
        filter.view === "spam"
          ? query.where("submissions.spam", "is not", null)
          : query.where("submissions.spam", "is", null).where("submissions.form", "not in", [...SALES_FORMS]);
      if (filter.form) query = query.where("submissions.form", "=", filter.form);
      if (filter.exceptForms?.length) query = query.where("submissions.form", "not in", [...filter.exceptForms]);
      if (filter.confirmedRequestsOnly) {
        query = query.where((eb) =>
          eb.or([
            eb("submissions.form", "!=", "privacy-request"),
            eb.exists(
              eb
                .selectFrom("request_confirmations")
                .select("request_confirmations.submission_id")
                .whereRef("request_confirmations.submission_id", "=", "submissions.id")
                .where("request_confirmations.confirmed_at", "is not", null),
            ),
          ]),
        );
      }
      // A privacy request marked answered (it keeps status New) needs nobody: not New, not to be acted on.
      if (filter.view === "new" || filter.view === "action") query = query.where("leads.answered_at", "is", null);
      if (filter.view === "new" || filter.status === "new") {
        query = query.where((eb) => eb.or([eb("leads.status", "is", null), eb("leads.status", "=", "new")]));
      }
      if (filter.status && filter.status !== "new") query = query.where("leads.status", "=", filter.status);
      if (filter.view === "action") {
        query = query.where((eb) =>
          eb.or([
            eb("leads.status", "is", null),
            eb("leads.status", "=", "new"),
            eb.and([eb("leads.follow_up_on", "<=", filter.today), eb("leads.status", "not in", [...CLOSED])]),
          ]),
        );
      }
      if (filter.view === "follow-up") {
        query = query.where("leads.follow_up_on", "<=", filter.today).where("leads.status", "not in", [...CLOSED]);
      }
      const rows = await query.execute();
      return { more: rows.length > filter.limit, leads: rows.slice(0, filter.limit).map(toInboxLead) };
    },
    async unpaidSignups({ before, limit }) {
      const rows = await withState(db.selectFrom("submissions"))
        .where("submissions.form", "=", "signup")
        .where("submissions.spam", "is", null)
        .where("submissions.created_at", "<", codec.time(before))
        .where((eb) => eb.or([eb("leads.status", "is", null), eb("leads.status", "not in", [...CLOSED])]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("payments")
                .select("payments.id")
                .whereRef("payments.reference", "=", "submissions.id")
                .where("payments.kind", "=", "completed")
                .where((eb) => eb.or([eb("payments.payment_status", "is", null), eb("payments.payment_status", "!=", "unpaid")])),
            ),
          ),
        )
        .orderBy("submissions.created_at")
        .orderBy("submissions.id")
        .limit(limit)
        .execute();
      return rows.map(toInboxLead);
    },
  };
}
