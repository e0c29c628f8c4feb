import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { formatLongDate } from "../../content/dates";
import { downloadUrl, postJson, problemText } from "../client";
import {
  countWords,
  FORM_LABELS,
  formLabelsFor,
  type InboxView,
  type LeadList,
  type LeadSummary,
  listsPeople,
  spamWords,
  STATUS_LABELS,
  VIEW_LABELS,
} from "../../desk/leads";
import { SEARCH_MAX } from "../../desk/limits";
import { leadPath } from "../../desk/paths";
import { responseWords, waitingWords } from "../../desk/time";
import { staffTime } from "../../time/labels";
import { type Status, StatusLine } from "../StatusLine";
import { Choice } from "../Choice";
import { PhoneLink } from "../PhoneLink";
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
  // People chosen to close at once (a view of people, not of members' forms or spam).
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(new Set()), [list]);
  // Mark Lost goes away with the people it closed (and is disabled while it works): the keyboard, and
  // a screen reader, go to the line that says what it did, once it says it. Tab goes on to the list.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) said.current?.focus();
  }, [done]);
  const people =
    list !== null && filters.view !== "members" && filters.view !== "spam" && list.leads.every((lead) => lead.forms !== undefined);

  const choose = (change: Partial<Filters>) => setFilters((before) => ({ ...before, ...change }));
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const markLost = async () => {
    setBusy(true);
    try {
      const { lost } = await postJson<{ lost: string[] }>("leads", { action: "lost", ids: [...chosen] });
      setDone({ text: `${countWords(lost.length, true)} marked Lost.`, error: false });
      // The same filters as a new object: the list is read again.
      setFilters((before) => ({ ...before }));
    } catch (error) {
      setDone({ text: problemText(error), error: true });
    } finally {
      setBusy(false);
    }
  };
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
          : `${countWords(list.leads.length, listsPeople(filters.view, filters.form))}${
              list.more ? `: the first ${list.limit} are shown; choose a form or a status, or search, to see the rest` : ""
            }.`}
      </p>
      <StatusLine ref={said} status={done} />
      {people && chosen.size > 0 && (
        <p className={own.bulk}>
          <span>{countWords(chosen.size, true)} chosen</span>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void markLost()}>
            Mark Lost
          </button>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => setChosen(new Set())}>
            Clear
          </button>
        </p>
      )}
      {list && (
        <ul className={styles.list}>
          {list.leads.map((lead) => (
            <LeadCard
              key={lead.id}
              lead={lead}
              now={list.now}
              chosen={people ? chosen.has(lead.id) : undefined}
              onChoose={(on) => toggle(lead.id, on)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * One person (or a member's form): who, which form, when, their status and how long they have waited,
 * in words. `chosen` (a view of people) adds the box that chooses them for Mark Lost.
 */
function LeadCard({
  lead,
  now,
  chosen,
  onChoose,
}: {
  lead: LeadSummary;
  now: string;
  chosen: boolean | undefined;
  onChoose: (on: boolean) => void;
}) {
  const who = lead.name || lead.email || "No name given";
  const age = waitingWords(lead, now);
  return (
    <li className={styles.card}>
      {chosen !== undefined && (
        // The label around the box is its touch target; the box's own name says whom it chooses.
        <label className={own.choose}>
          <input type="checkbox" checked={chosen} aria-label={`Choose ${who}`} onChange={(event) => onChoose(event.target.checked)} />
        </label>
      )}
      <span className={styles.cardMain}>
        <Link to={leadPath(lead.id)} className={own.name}>
          {who}
        </Link>
        <span className={own.meta}>
          <span>
            {FORM_LABELS[lead.form]}
            {lead.forms !== undefined && lead.forms > 1 && ` and ${lead.forms - 1} more`}
          </span>
          <span>{received(lead.receivedAt)}</span>
          {lead.email && <span className={styles.wrap}>{lead.email}</span>}
          {lead.phone && (
            <span>
              <PhoneLink phone={lead.phone} />
            </span>
          )}
        </span>
      </span>
      <span className={own.state}>
        <span className={styles.badge}>{lead.spam ? "Held as spam" : STATUS_LABELS[lead.status]}</span>
        {lead.spam ? (
          <span className={own.meta}>Because {spamWords(lead.spam)}</span>
        ) : lead.late ? (
          <strong className={own.late}>{age}</strong>
        ) : (
          <span className={own.meta}>{age}</span>
        )}
        {lead.unpaid && <strong className={own.late}>Signed up, not paid</strong>}
        {lead.response && <span className={own.meta}>{responseWords(lead.response)}</span>}
        {lead.followUpOn && <span className={own.meta}>Follow up {formatLongDate(lead.followUpOn)}</span>}
      </span>
    </li>
  );
}
