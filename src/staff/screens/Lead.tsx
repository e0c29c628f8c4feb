import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "gatsby";
import { getJson, postJson, problemText } from "../client";
import {
  CALL_OUTCOMES,
  type CallOutcome,
  fieldLabel,
  FORM_LABELS,
  type LeadDetail,
  type LeadStatus,
  phoneLabel,
  spamWords,
  STATUS_LABELS,
  type TimelineEntry,
} from "../../desk/leads";
import { formatLongDate } from "../../content/dates";
import { NOTE_MAX } from "../../desk/limits";
import { PAYMENT_ACTOR, paymentLine } from "../../desk/payments";
import { leadPath, staffPaths } from "../../desk/paths";
import { Choice } from "../Choice";
import { PhoneLink } from "../PhoneLink";
import { responseWords, waitingWords } from "../../desk/time";
import { fromWords, pageWords, rawSource, sourceChannel } from "../../desk/sources";
import { lastLeadsView } from "./leadsView";
import { ReplyBox } from "./ReplyBox";
import { TextBox } from "./TextBox";
import { SamePhone } from "./SamePhone";
import { staffTime } from "../../time/labels";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";
import * as own from "./Lead.module.css";
import type { ScreenProps } from "./types";

const when = staffTime;

/** One lead: every field it sent, its status, follow-up date and notes, and everything its address sent. */
export default function Lead({ search }: ScreenProps) {
  const id = new URLSearchParams(search).get("id") ?? "";
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  // Said where the eye is: a load problem at the top, what Save did beside the Save button.
  const [message, setMessage] = useState<Status | null>(null);
  const [saved, setSaved] = useState<Status | null>(null);
  const [noted, setNoted] = useState<Status | null>(null);
  const [backTo, setBackTo] = useState<string>(staffPaths.leads);
  const [status, setStatus] = useState<LeadStatus>("new");
  const [followUpOn, setFollowUpOn] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  const show = useCallback((answer: LeadDetail) => {
    setDetail(answer);
    setStatus(answer.lead.status);
    setFollowUpOn(answer.lead.followUpOn ?? "");
  }, []);

  // "All leads" goes back to the view the list was left on (Leads.tsx keeps it for this tab).
  useEffect(() => setBackTo(`${staffPaths.leads}${lastLeadsView()}`), []);

  useEffect(() => {
    // Another lead (a link in this person's history): nothing of the last one may show or be saved to it.
    setDetail(null);
    setMessage(null);
    setSaved(null);
    setNoted(null);
    setNote("");
    if (!id) return;
    let current = true;
    getJson<LeadDetail>("lead", { id }).then(
      (answer) => current && show(answer),
      (error: unknown) => current && setMessage({ text: problemText(error), error: true }),
    );
    return () => {
      current = false;
    };
  }, [id, show]);

  const send = async (body: Record<string, unknown>, done: string, say = setMessage) => {
    setBusy(true);
    try {
      show(await postJson<LeadDetail>("lead", { id, ...body }));
      say({ text: done, error: false });
      return true;
    } catch (error) {
      say({ text: problemText(error), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!detail) return;
    const change: Record<string, unknown> = {};
    if (status !== detail.lead.status) change.status = status;
    if (followUpOn !== (detail.lead.followUpOn ?? "")) change.followUpOn = followUpOn || null;
    if (Object.keys(change).length === 0) {
      setSaved({ text: "Nothing to save: change the status or the follow-up date first.", error: true });
      return;
    }
    await send(change, "Saved.", setSaved);
  };

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setNoted({ text: "Write the note first.", error: true });
      return;
    }
    if (await send({ note }, "Note added.", setNoted)) setNote("");
  };

  if (!id)
    return (
      <p>
        Open a lead from the <Link to={staffPaths.leads}>list of leads</Link>.
      </p>
    );
  const lead = detail?.lead;
  return (
    <>
      <p className={own.back}>
        <Link to={backTo}>All leads</Link>
      </p>
      <h1 className={`${styles.heading} ${styles.wrap}`}>{lead ? lead.name || lead.email || "No name given" : "Lead"}</h1>
      <StatusLine status={message} />
      {!detail || !lead ? (
        !message && <p>Loading…</p>
      ) : (
        <>
          {/* The first screen on a phone: who, how long they have waited, where from, and every action. */}
          <section aria-label="Now" className={own.now}>
            <p className={own.state}>
              <span className={styles.badge}>{lead.spam ? "Held as spam" : STATUS_LABELS[lead.status]}</span>
              {lead.late ? (
                <strong className={own.late}>{waitingWords(lead, detail.now)}</strong>
              ) : (
                <span>{waitingWords(lead, detail.now)}</span>
              )}
              <span>{fromWords(detail.source)}</span>
              {lead.response && <span>{capitalized(responseWords(lead.response))}</span>}
            </p>
            <ContactLinks
              name={lead.name}
              email={lead.email}
              phone={lead.phone || detail.texting?.phone || ""}
              reply={detail.reply.possible}
              texting={detail.texting?.ready === true}
            />
            {detail.person && (
              <LogContact
                busy={busy}
                phone={(lead.phone || detail.texting?.phone || "") !== ""}
                texting={detail.texting?.ready === true}
                onLog={(body, done) => void send({ action: "log", ...body }, done)}
              />
            )}
            <form className={own.work} onSubmit={(event) => void save(event)}>
              <Choice label="Status" value={status} options={STATUS_LABELS} onChange={setStatus} />
              <label className={styles.field}>
                <span>Follow-up date</span>
                <input type="date" value={followUpOn} onChange={(event) => setFollowUpOn(event.target.value)} />
              </label>
              <button type="submit" className={styles.primary} disabled={busy}>
                Save
              </button>
              <StatusLine status={saved} className={own.whole} />
            </form>
          </section>
          <div className={own.columns}>
            <section aria-labelledby="lead-sent">
              <h2 id="lead-sent" className={styles.subheading}>
                {FORM_LABELS[lead.form]} form, {when(lead.receivedAt)}
              </h2>
              {detail.intro && <IntroLine intro={detail.intro} />}
              <SamePhone detail={detail} onMerged={show} />
              {lead.spam && (
                <div className={own.spam}>
                  <p>Held as spam because {spamWords(lead.spam)}: staff were not told of it.</p>
                  <button
                    type="button"
                    className={styles.primary}
                    disabled={busy}
                    onClick={() => void send({ action: "restore-spam" }, "Moved to the leads.")}
                  >
                    Not spam: move to the leads
                  </button>
                </div>
              )}
              <dl className={own.fields}>
                {lead.fields.map((field) => (
                  <div key={field.name}>
                    <dt>{fieldLabel(field.name)}</dt>
                    <dd>{field.name === "phone" || field.name.endsWith("Phone") ? <PhoneLink phone={field.value} /> : field.value}</dd>
                  </div>
                ))}
              </dl>
              <SourceLines source={detail.source} />
              <p className={styles.muted}>Reference {lead.id}</p>
            </section>
            <TextBox detail={detail} onSent={show} />
            <ReplyBox detail={detail} onSent={show} />
            <section aria-labelledby="lead-work">
              <h2 id="lead-work" className={styles.subheading}>
                {detail.person ? "Timeline" : "Notes and changes"}
              </h2>
              <form className={styles.form} onSubmit={(event) => void addNote(event)}>
                <label className={styles.field}>
                  <span>New note</span>
                  <textarea rows={3} maxLength={NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
                </label>
                <button type="submit" className={styles.secondary} disabled={busy}>
                  Add note
                </button>
                <StatusLine status={noted} />
              </form>
              {detail.person ? <Timeline entries={detail.timeline} /> : <History detail={detail} />}
            </section>
            {!detail.person && (
              <section aria-labelledby="lead-history" className={own.wide}>
                <h2 id="lead-history" className={`${styles.subheading} ${styles.wrap}`}>
                  Everything {lead.email || "this person"} sent
                </h2>
                <ul className={styles.list}>
                  {detail.history.map((other) => (
                    <li key={other.id} className={styles.card}>
                      <span className={styles.cardMain}>
                        {other.id === lead.id ? (
                          <strong aria-current="page">This one: {FORM_LABELS[other.form]}</strong>
                        ) : (
                          <Link to={leadPath(other.id)}>{FORM_LABELS[other.form]}</Link>
                        )}{" "}
                        <span className={styles.muted}>
                          {when(other.receivedAt)}, {other.id}
                        </span>
                      </span>
                      <span className={styles.badge}>{other.spam ? "Spam" : STATUS_LABELS[other.status]}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </>
      )}
    </>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Call, text, write or reply from the person's page itself: on a phone, one tap each. With texting set
 * up, Text goes to the page's own text box (sent from the gym's number, kept on the timeline); without,
 * it opens the phone's own messages.
 */
function ContactLinks({
  name,
  email,
  phone,
  reply,
  texting,
}: {
  name: string;
  email: string;
  phone: string;
  reply: boolean;
  texting: boolean;
}) {
  if (!email && !phone) return null;
  const who = name || "them";
  return (
    <p className={own.contact}>
      {phone && (
        <>
          <a href={`tel:${phone}`} className={styles.secondary} aria-label={`Call ${who}, ${phoneLabel(phone)}`}>
            Call
          </a>
          {texting ? (
            <a href="#lead-text" className={styles.secondary}>
              Text
            </a>
          ) : (
            <a href={`sms:${phone}`} className={styles.secondary} aria-label={`Text ${who}, ${phoneLabel(phone)}`}>
              Text
            </a>
          )}
        </>
      )}
      {email && (
        <a href={`mailto:${email}`} className={styles.secondary} aria-label={`E-mail ${who}, ${email}`}>
          E-mail
        </a>
      )}
      {reply && (
        <a href="#lead-reply" className={styles.secondary}>
          Reply
        </a>
      )}
    </p>
  );
}

/**
 * After a call or a text from a phone, one tap says how it went: reached them or left a message counts
 * as speaking to them (it takes them out of Needs action); no answer is kept on the timeline only. With
 * texting set up, texts go from the page (TextBox) and are on the timeline themselves: nothing to log.
 */
function LogContact({
  busy,
  phone,
  texting,
  onLog,
}: {
  busy: boolean;
  phone: boolean;
  texting: boolean;
  onLog: (body: { channel: "call" | "text"; outcome?: CallOutcome }, done: string) => void;
}) {
  if (!phone) return null;
  return (
    <p className={own.contact} role="group" aria-label="Log a call or a text">
      {(Object.keys(CALL_OUTCOMES) as CallOutcome[]).map((outcome) => (
        <button
          key={outcome}
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => onLog({ channel: "call", outcome }, `Call logged: ${CALL_OUTCOMES[outcome].toLowerCase()}.`)}
        >
          Call: {CALL_OUTCOMES[outcome].toLowerCase()}
        </button>
      ))}
      {!texting && (
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => onLog({ channel: "text" }, "Text logged.")}>
          Texted them
        </button>
      )}
    </p>
  );
}

const ATTENDANCE = { attended: "came", "no-show": "did not come" } as const;

/** Who did it, as staff read it: a staff address, "the visitor", Stripe for a payment and what it changed, or the site's automatic answer to a text. */
const actorWords = (actor: string) => (actor === "visitor" ? "the visitor" : actor === PAYMENT_ACTOR ? "Stripe" : actor);

/** A person's timeline, oldest first: each form, their intro, every change, call, text, note and reply, and who. */
function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className={styles.muted}>Nothing yet.</p>;
  return (
    <ol className={own.notes}>
      {entries.map((entry, index) => (
        <li key={index}>
          <TimelineLine entry={entry} />
          <p className={styles.muted}>
            {entry.actor && (
              <>
                <span className={styles.wrap}>{actorWords(entry.actor)}</span>,{" "}
              </>
            )}
            {when(entry.at)}
          </p>
        </li>
      ))}
    </ol>
  );
}

function TimelineLine({ entry }: { entry: TimelineEntry }) {
  switch (entry.kind) {
    case "form":
      return (
        <p>
          Sent the {entry.form ? FORM_LABELS[entry.form] : ""} form <span className={styles.muted}>({entry.reference})</span>
        </p>
      );
    case "intro": {
      const intro = entry.intro;
      const state = intro?.cancelled ? "cancelled" : intro?.attendance ? ATTENDANCE[intro.attendance] : "booked";
      return (
        <p>
          Free intro with {intro?.coach}: {state}
        </p>
      );
    }
    case "status":
      return <p>Status: {entry.status ? STATUS_LABELS[entry.status] : ""}</p>;
    case "call":
      return <p>Call: {entry.outcome ? CALL_OUTCOMES[entry.outcome].toLowerCase() : ""}</p>;
    case "text":
      return <p>Texted them</p>;
    case "sms":
      return (
        <>
          <p>
            {entry.sms?.direction === "in" ? "Texted the gym" : "Text from the gym"}: <strong>{entry.sms?.status}</strong>
          </p>
          <p className={own.note}>{entry.body}</p>
        </>
      );
    case "follow-up":
      return <p>{entry.body ? `Follow up on ${formatLongDate(entry.body)}` : "Follow-up date cleared"}</p>;
    case "merge":
      return <p>Merged with {entry.body}</p>;
    case "payment":
      return <p>{entry.payment ? paymentLine(entry.payment) : "A payment"}</p>;
    default:
      return <p className={own.note}>{entry.body}</p>;
  }
}

/** The free intro this lead booked, in the gym's time, and whether they came; the Intros screen is where it is worked. */
function IntroLine({ intro }: { intro: NonNullable<LeadDetail["intro"]> }) {
  const state = intro.cancelled ? "cancelled" : intro.attendance ? ATTENDANCE[intro.attendance] : null;
  return (
    <p>
      Free intro {when(intro.start)} with {intro.coach}
      {state && <strong>: {state}</strong>}. <Link to={staffPaths.intros}>Free intros</Link>
    </p>
  );
}

/** The notes and the changes of status, oldest first: who did what when. */
function History({ detail }: { detail: LeadDetail }) {
  const entries = [
    ...detail.notes.map((note) => ({ at: note.createdAt, who: note.author, note: note.body, status: null })),
    ...detail.events.map((event) => ({
      at: event.at,
      who: event.actor === "visitor" ? "the visitor, booking online" : event.actor,
      note: null,
      status: event.status,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (entries.length === 0) return <p className={styles.muted}>No notes or changes yet.</p>;
  return (
    <ol className={own.notes}>
      {entries.map((entry, index) => (
        <li key={index}>
          {entry.note !== null ? <p className={own.note}>{entry.note}</p> : <p>Status: {STATUS_LABELS[entry.status]}</p>}
          <p className={styles.muted}>
            <span className={styles.wrap}>{entry.who}</span>, {when(entry.at)}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Where the visit came from: the channel the reports count it under, and each part the browser kept. */
function SourceLines({ source }: { source: LeadDetail["source"] }) {
  const raw = rawSource(source);
  const channel = sourceChannel(raw);
  const parts: Array<[string, string | null]> = source
    ? [
        ["Source as sent", raw !== channel ? raw : null],
        ["Campaign", source.utmCampaign],
        ["Medium", source.utmMedium],
        ["Referred by", source.referrerHost],
        ["Landed on", source.landingPage && pageWords(source.landingPage)],
      ]
    : [];
  return (
    <dl className={own.fields}>
      <div>
        <dt>Came from</dt>
        <dd>{channel ?? "Unknown (sent without JavaScript, or before sources were kept)"}</dd>
      </div>
      {parts
        .filter((part): part is [string, string] => part[1] !== null)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
