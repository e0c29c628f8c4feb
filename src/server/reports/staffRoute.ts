import { z } from "zod";
import { REPORT_PERIODS, type ReportPeriod } from "../../desk/reports";
import { site } from "../content";
import { StaffError, type StaffRoute } from "../staff/guard";
import type { ReportOperations } from "./types";
import { leadReport } from "./report";

const PERIODS = Object.keys(REPORT_PERIODS) as [ReportPeriod, ...ReportPeriod[]];

const reportQuery = z
  .object({
    period: z.enum(PERIODS, { errorMap: () => ({ message: `Choose a period: ${PERIODS.join(", ")}.` }) }).default("week"),
  })
  .strict();

/**
 * GET /api/staff/reports?period=week|4-weeks|12-weeks: leads by form and week, answer times, the
 * funnel, the free intros' show rate and the leads by source (reports/report.ts), for owner and coach
 * alike: no figure names a person, and privacy requests are no leads.
 */
export const reports: StaffRoute<ReportOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, query, now }) {
      const parsed = reportQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, value]) => value !== "")));
      if (!parsed.success) throw new StaffError(400, parsed.error.issues[0]?.message ?? "Choose a period.");
      return { json: await leadReport(store, parsed.data.period, now, site) };
    },
  },
};
