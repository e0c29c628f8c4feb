import type { FormName } from "../../forms/registry";

/** The stretch of time a report covers, worked out at the gym (periods.ts). */
export interface ReportWindow {
  /** The first instant in it (a Monday, midnight at the gym). */
  from: Date;
  /** The first instant after it: the next Monday's midnight, or now for this week. */
  to: Date;
  /** Each week's first instant, oldest first (the first is `from`): a lead counts in the last one it is not before. */
  weekStarts: readonly Date[];
  /** Forms that are not leads: left out of every count. */
  exceptForms: readonly FormName[];
}

/** One group of the period's leads: a week, a form and a source, with the funnel counted in SQL. */
export interface ReportGroup {
  /** Index into ReportWindow.weekStarts. */
  week: number;
  form: FormName;
  /** utm_source, else the referring host, else "Direct" when a source row exists; null without one. */
  source: string | null;
  leads: number;
  /** With a first response (leads.first_response_at). */
  answered: number;
  contacted: number;
  introBooked: number;
  came: number;
  joined: number;
}

/** An answered lead of the period: its two instants (durations are worked out in code, report.ts says why). */
export interface AnsweredLead {
  receivedAt: Date;
  firstResponseAt: Date;
  source: string | null;
}

export interface ReportRows {
  groups: ReportGroup[];
  answered: AnsweredLead[];
  /** Free intros that started in the period, not cancelled, of non-spam submissions. */
  intros: { attended: number; noShow: number; unmarked: number };
}

/** The staff's reports (reports/store.ts). */
export interface ReportOperations {
  reportRows(window: ReportWindow): Promise<ReportRows>;
}
