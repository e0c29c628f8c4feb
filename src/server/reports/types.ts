import type { FormName } from "../../forms/registry";
import type { LeadStatus } from "../../desk/leads";
import type { VisitSource } from "../../forms/visitSource";

/** The stretch of time a report's rows cover (periods.ts works out the weeks at the gym). */
export interface ReportWindow {
  /** The first instant in it. */
  from: Date;
  /** The first instant after it. */
  to: Date;
}

/** A sales form sent in the window, not spam. */
export interface ReportForm {
  person: string;
  form: FormName;
  createdAt: Date;
  source: VisitSource | null;
  /** Its free intro, if it booked one: cancelled or not, and how it went. */
  intro: { cancelled: boolean; attendance: "attended" | "no-show" | null } | null;
}

/** A person with a form in the window: their state now. */
export interface ReportPerson {
  status: LeadStatus;
  firstResponseAt: Date | null;
  firstResponseBy: string | null;
}

/**
 * A line of their timeline since the window began that says something the report counts: an answer (a
 * reply, a text, a call that reached them or left a message, a staff change of status) or a status.
 */
export interface ReportEvent {
  person: string;
  at: Date;
  actor: string;
  /** True when it spoke to the person. */
  answers: boolean;
  status: LeadStatus | null;
}

export interface ReportRows {
  /** Oldest first. */
  forms: ReportForm[];
  people: Map<string, ReportPerson>;
  /** Oldest first. */
  events: ReportEvent[];
  /** Free intros that started in the window, not cancelled, of non-spam submissions. */
  intros: { attended: number; noShow: number; unmarked: number };
  /** The people of `people` who paid for a sign-up through Stripe (a completed payment, not a bank payment on its way). */
  paidSignups: Set<string>;
  /**
   * Each payer's first payment through Stripe (a sign-up's or a drop-in's), when it was made in the
   * period (the second window), oldest first; a payer is a person, or a sign-up nobody in the pipeline
   * shares an address with. `source`: where the payer came from (the first of their forms that kept one).
   */
  firstPayments: Array<{ at: Date; amount: number | null; currency: string | null; source: VisitSource | null }>;
}

/** The staff's reports (reports/store.ts). */
export interface ReportOperations {
  reportRows(window: ReportWindow, introsWindow: ReportWindow): Promise<ReportRows>;
}
