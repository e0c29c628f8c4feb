import { type FormEvent, useEffect, useState } from "react";
import { Link } from "gatsby";
import { formatLongDate } from "../../content/dates";
import { downloadUrl } from "../client";
import {
  FORM_LABELS,
  formLabelsFor,
  type InboxView,
  type LeadList,
  type LeadSummary,
  phoneLabel,
  STATUS_LABELS,
  VIEW_LABELS,
} from "../../desk/leads";
import { SEARCH_MAX } from "../../desk/limits";
import { leadPath } from "../../desk/paths";
import { responseWords } from "../../desk/time";
import { staffTime } from "../../time/labels";
import { Choice } from "../Choice";
import * as styles from "../Staff.module.css";
import { useStaffGet } from "../useStaffGet";
import * as own from "./Leads.module.css";
import type { ScreenProps } from "./types";
import { keepLeadsView } from "./leadsView";

type Filters = {
  view: InboxView;
  q: string;
  form: string;
  status: string;
};

/** The value if it is one of the choices' keys, else "". */
const oneOf = (value: string | null, choices: Record<string, string>): string => (value !== null && value in choices ? value : "");

const DEFAULT_VIEW: InboxView = "action";

/** The filters in the address, so a reload or a link keeps the view. */
function filtersOf(search: string, forms: Record<string, string>): Filters {
  const params = new URLSearchParams(search);
  return {
    // The list opens on what needs someone now: on a phone between classes that is the whole job.
    view: (oneOf(params.get("view"), VIEW_LABELS) || DEFAULT_VIEW) as InboxView,
    q: params.get("q") ?? "",
    form: oneOf(params.get("form"), forms),
    status: oneOf(params.get("status"), STATUS_LABELS),
  };
}

const received = staffTime;

/** The first screen: every lead, newest first, with its status, follow-up date and whether it is late. */
export default function Leads({ session, search }: ScreenProps) {
  const forms = formLabelsFor(session.role);
  const [filters, setFilters] = useState<Filters>(() => filtersOf(search, forms));
  const [text, setText] = useState(filters.q);
  // On a phone the filters fold behind one button, so the first screen is leads (CSS shows them always on a wide screen).
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    // The address leaves out the view the list opens on; the request always names it.
    const shown = { ...filters, view: filters.view === DEFAULT_VIEW ? "" : filters.view };
    const params = new URLSearchParams(Object.entries(shown).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const address = params.size ? `?${params.toString()}` : "";
    window.history.replaceState(null, "", `${window.location.pathname}${address}`);
    keepLeadsView(address);
  }, [filters]);
  const { answer: list, problem } = useStaffGet<LeadList>("leads", filters);

  const choose = (change: Partial<Filters>) => setFilters((before) => ({ ...before, ...change }));
  const searchFor = (event: FormEvent) => {
    event.preventDefault();
    choose({ q: text.trim() });
  };

  return (
    <>
      <h1 className={styles.heading}>Leads</h1>
      <button
        type="button"
        className={`${styles.secondary} ${own.filtersToggle}`}
        aria-expanded={filtersOpen}
        aria-controls="lead-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters and search: {VIEW_LABELS[filters.view]}
        {filters.form || filters.status || filters.q ? ", filtered" : ""}
      </button>
      <form
        id="lead-filters"
        role="search"
        aria-label="Leads"
        className={`${own.filters} ${filtersOpen ? own.open : ""}`}
        onSubmit={searchFor}
      >
        <Choice label="View" value={filters.view} options={VIEW_LABELS} onChange={(view) => choose({ view })} />
        <Choice label="Form" value={filters.form} options={forms} any="Every form" onChange={(form) => choose({ form })} />
        <Choice label="Status" value={filters.status} options={STATUS_LABELS} any="Any status" onChange={(status) => choose({ status })} />
        <div className={own.search}>
          <label className={styles.field}>
            <span>Name, e-mail or phone</span>
            <input type="search" value={text} maxLength={SEARCH_MAX} onChange={(event) => setText(event.target.value)} />
          </label>
          <button type="submit" className={styles.secondary}>
            Search
          </button>
        </div>
      </form>
      {session.role === "owner" && (
        <p>
          <a className={own.download} href={downloadUrl("leads", { ...filters, format: "csv" })} download>
            Download this view as CSV
          </a>
        </p>
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <p role="status" className={styles.muted}>
        {list === null
          ? "Loading…"
          : `${list.leads.length === 1 ? "1 lead" : `${list.leads.length} leads`}${
              list.more ? `: the newest ${list.limit} were searched; choose a form or status to see older ones` : ""
            }.`}
      </p>
      {list && (
        <ul className={styles.list}>
          {list.leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} />
          ))}
        </ul>
      )}
    </>
  );
}

function LeadCard({ lead }: { lead: LeadSummary }) {
  return (
    <li className={styles.card}>
      <span className={styles.cardMain}>
        <Link to={leadPath(lead.id)} className={own.name}>
          {lead.name || lead.email || lead.id}
        </Link>
        <span className={own.meta}>
          <span>{FORM_LABELS[lead.form]}</span>
          <span>{received(lead.receivedAt)}</span>
          {lead.email && <span className={styles.wrap}>{lead.email}</span>}
          {lead.phone && <span>{phoneLabel(lead.phone)}</span>}
        </span>
      </span>
      <span className={own.state}>
        <span className={styles.badge}>{lead.spam ? `Spam (${lead.spam})` : STATUS_LABELS[lead.status]}</span>
        {lead.late && <strong className={own.late}>Late: new for over an hour</strong>}
        {lead.response && <span className={own.meta}>{responseWords(lead.response)}</span>}
        {lead.followUpOn && <span className={own.meta}>Follow up {formatLongDate(lead.followUpOn)}</span>}
      </span>
    </li>
  );
}
