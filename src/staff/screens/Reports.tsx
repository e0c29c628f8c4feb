import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Choice } from "../Choice";
import { BarChart } from "../BarChart";
import { FORM_LABELS } from "../../desk/leads";
import { amountLabel } from "../../desk/payments";
import { NumbersTable } from "../NumbersTable";
import {
  FUNNEL_STEPS,
  type LeadReport,
  percentWords,
  REPORT_PERIODS,
  type ReportDuration,
  type ReportPeriod,
  shortDate,
  UNKNOWN_SOURCE,
} from "../../desk/reports";
import * as styles from "../Staff.module.css";
import { useStaffGet } from "../useStaffGet";
import { durationWords } from "../../desk/time";
import * as own from "./Reports.module.css";
import type { ScreenProps } from "./types";

const periodOf = (search: string): ReportPeriod => {
  const value = new URLSearchParams(search).get("period");
  return value !== null && value in REPORT_PERIODS ? (value as ReportPeriod) : "week";
};

const leadsWords = (count: number) => (count === 1 ? "1 lead" : `${count} leads`);

/** "8 h (1 h of opening hours)": both, since owners ask for both. */
function durationPair(duration: ReportDuration | null): string {
  if (!duration) return "–";
  const open = duration.openMs === 0 ? "none in opening hours" : `${durationWords(duration.openMs)} of opening hours`;
  return `${durationWords(duration.clockMs)} (${open})`;
}

/** Speed to lead (issue 43): leads by form and week, first response, the funnel, the intros' show rate, sources. */
export default function Reports({ search }: ScreenProps) {
  const [period, setPeriod] = useState<ReportPeriod>(() => periodOf(search));
  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}${period === "week" ? "" : `?period=${period}`}`);
  }, [period]);
  const query = useMemo(() => ({ period }), [period]);
  const { answer: report, problem } = useStaffGet<LeadReport>("reports", query);

  return (
    <>
      <h1 className={styles.heading}>Reports</h1>
      <p className={styles.lead}>How many leads came in, how fast the gym answered them, and how far they got.</p>
      <div className={own.period}>
        <Choice label="Period" value={period} options={REPORT_PERIODS} onChange={setPeriod} />
      </div>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <p role="status" className={styles.muted}>
        {report === null
          ? "Loading…"
          : `${REPORT_PERIODS[report.period]}: ${shortDate(report.firstDay)} to ${shortDate(report.lastDay)}, ${leadsWords(report.leads)}.`}
      </p>
      {report && <Figures report={report} />}
      <Definitions timeZone={report?.timeZone} />
    </>
  );
}

function Figures({ report }: { report: LeadReport }) {
  const { response, funnel, intros } = report;
  const marked = intros.attended + intros.noShow;
  return (
    <>
      <ReportSection id="report-leads" title="Leads">
        <BarChart
          title="Leads by form"
          headings={["Form", "Leads"]}
          bars={report.byForm.map((row) => ({ label: FORM_LABELS[row.form], value: row.leads, text: String(row.leads) }))}
        />
        {report.byWeek.length > 1 && (
          <BarChart
            title="Leads by week (from Monday)"
            headings={["Week of", "Leads"]}
            bars={report.byWeek.map((row) => ({ label: shortDate(row.week), value: row.leads, text: String(row.leads) }))}
          />
        )}
      </ReportSection>

      <ReportSection id="report-response" title="First response">
        <dl className={own.figures}>
          <div>
            <dt>Median</dt>
            <dd>{durationPair(response.median)}</dd>
          </div>
          <div>
            <dt>90th percentile</dt>
            <dd>{durationPair(response.p90)}</dd>
          </div>
          <div>
            <dt>Answered</dt>
            <dd>
              {response.answered} of {leadsWords(report.leads)}; {response.unanswered} not answered yet
            </dd>
          </div>
        </dl>
        <BarChart
          title="Answered within (share of all leads; not answered counts as not)"
          headings={["Within", "Share", "Leads"]}
          max={report.leads}
          bars={response.within.map((row) => ({
            label: row.label,
            value: row.leads,
            text: percentWords(row.leads, report.leads),
            cells: [String(row.leads)],
          }))}
        />
        {report.staff.length > 0 && (
          <NumbersTable
            caption="First answers by staff member"
            headings={["Staff member", "Leads answered", "Median time"]}
            rows={report.staff.map((row) => ({
              key: row.email,
              cells: [row.email, String(row.answered), durationPair(row.median)],
            }))}
          />
        )}
        <BarChart
          title="Median answer time by week, last 12 weeks"
          headings={["Week of", "Median", "Answered"]}
          bars={report.trend.map((row) => ({
            label: shortDate(row.week),
            value: row.median?.clockMs ?? 0,
            text: row.median ? durationWords(row.median.clockMs) : "–",
            cells: [`${row.answered} of ${leadsWords(row.leads)}`],
          }))}
        />
      </ReportSection>

      <ReportSection id="report-funnel" title="Funnel">
        <BarChart
          title="Leads by how far they got"
          headings={["Step", "Leads", "Of the step before"]}
          bars={funnel.map((row, index) => {
            const before = funnel[index - 1];
            return {
              label: FUNNEL_STEPS[row.step],
              value: row.leads,
              text: String(row.leads),
              cells: [before ? percentWords(row.leads, before.leads) : "–"],
            };
          })}
        />
        <p>{report.joined} joined in all (the funnel&apos;s Joined counts only those who came to an intro first).</p>
        <p>{report.payments.paidSignups} of the leads paid for a sign-up through Stripe.</p>
      </ReportSection>

      <ReportSection id="report-intros" title="Free intros">
        <p className={own.big}>
          Show rate: <strong>{percentWords(intros.attended, marked)}</strong>
        </p>
        <p>
          {intros.attended} came, {intros.noShow} did not come
          {intros.unmarked > 0 && `, ${intros.unmarked} not marked yet`}.
        </p>
      </ReportSection>

      <ReportSection id="report-sources" title="By source">
        {report.sources.length === 0 ? (
          <p>No leads in this period.</p>
        ) : (
          <NumbersTable
            caption={`Leads by source, ${REPORT_PERIODS[report.period].toLowerCase()}`}
            headings={["Source", "Leads", "Answered within 1 hour", "Joined"]}
            rows={report.sources.map((row) => ({
              key: row.source ?? "",
              cells: [
                row.source ?? UNKNOWN_SOURCE,
                String(row.leads),
                `${percentWords(row.withinHour, row.leads)} of ${row.leads}`,
                String(row.joined),
              ],
            }))}
          />
        )}
        {report.sources.some((row) => row.raw.length > 0) && (
          <details>
            <summary>What each source was counted from</summary>
            <ul className={styles.wrap}>
              {report.sources
                .filter((row) => row.raw.length > 0)
                .map((row) => (
                  <li key={row.source ?? ""}>
                    {row.source ?? UNKNOWN_SOURCE}: {row.raw.map((raw) => `${raw.value} (${raw.leads})`).join(", ")}
                  </li>
                ))}
            </ul>
          </details>
        )}
      </ReportSection>

      <ReportSection id="report-payments" title="First payments">
        <p>
          {report.payments.first.payers === 1 ? "1 person" : `${report.payments.first.payers} people`} paid for the first time through
          Stripe: {amountLabel(report.payments.first.amount, report.payments.first.currency)}.
        </p>
        {report.payments.firstBySource.length > 0 && (
          <NumbersTable
            caption={`First payments by source, ${REPORT_PERIODS[report.period].toLowerCase()}`}
            headings={["Source", "People", "Paid"]}
            rows={report.payments.firstBySource.map((row) => ({
              key: row.source ?? "",
              cells: [row.source ?? UNKNOWN_SOURCE, String(row.payers), amountLabel(row.amount, report.payments.first.currency)],
            }))}
          />
        )}
        {report.payments.firstByMonth.length > 0 && (
          <NumbersTable
            caption={`First payments by month, ${REPORT_PERIODS[report.period].toLowerCase()}`}
            headings={["Month", "People", "Paid"]}
            rows={report.payments.firstByMonth.map((row) => ({
              key: row.month,
              cells: [row.month, String(row.payers), amountLabel(row.amount, report.payments.first.currency)],
            }))}
          />
        )}
      </ReportSection>
    </>
  );
}

function Definitions({ timeZone }: { timeZone: string | undefined }) {
  return (
    <ReportSection id="report-definitions" title="How these are counted" className={own.definitions}>
      <ul>
        <li>
          <strong>A lead</strong> is a person who sent a sales form (contact, free intro, drop-in, kids&apos; trial) in the period, counted
          once however many they sent, in the week of their first. Spam, members&apos; forms (holds, sign-ups) and privacy requests are no
          leads.
        </li>
        <li>
          <strong>Weeks</strong> run Monday to Sunday at the gym{timeZone ? ` (${timeZone})` : ""}. This week is Monday until now; the last
          4 and 12 weeks are the whole weeks before it, without this week.
        </li>
        <li>
          <strong>Answered</strong> means a staff member spoke to them after that form: a reply, a call that reached them or left a message,
          a text, or a change of status (to Contacted, Intro booked, Came or Joined). Booking their own intro is no answer, nor is a call
          nobody picked up. Shares are of all leads, those not answered counting as not; median and 90th percentile are of the answered, on
          the clock and counting only opening hours.
        </li>
        <li>
          <strong>Funnel</strong>: each step holds only people of the step before. Answered; of them, Intro booked (booked a free intro,
          even if cancelled, or set to Intro booked); of them, Came (marked as come); of them, Joined. Each rate is of the step before; this
          week&apos;s leads have had little time.
        </li>
        <li>
          <strong>Show rate</strong>: free intros that started in the period, not cancelled: came out of came and no-show; intros not marked
          yet are left out.
        </li>
        <li>
          <strong>Source</strong>: where the visit of their first form came from, by channel: the campaign (utm_source) of the link, else
          the site they came from, else Direct; Facebook, fb, m.facebook.com and l.facebook.com are all Facebook; the values as they came
          are under the table. Unknown: sent without JavaScript, or from before sources were kept.
        </li>
        <li>
          <strong>First payments</strong>: each person&apos;s first payment through Stripe (for a sign-up or a drop-in; a bank payment still
          on its way is not yet one) made in the period, by the source of their first form and by month at the gym. A payment makes a
          sign-up&apos;s person Joined, but it is no answer.
        </li>
      </ul>
    </ReportSection>
  );
}

/** A part of the report, under its heading. */
function ReportSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={styles.subheading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
