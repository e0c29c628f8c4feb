import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { formatLongDate } from "../../content/dates";
import { PRIVACY_REQUEST_LABELS } from "../../forms/privacyRequest/rules";
import { ActionButton } from "../ActionButton";
import { downloadUrl, getJson } from "../client";
import { CONFIRMED_BY_WORDS, notConfirmedYet, type OpenRequest, type RequestConfirmationView } from "../../desk/privacy";
import { staffTime } from "../../time/labels";
import { FORM_LABELS } from "../../desk/leads";
import * as shared from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import * as styles from "./Privacy.module.css";
import { TextOnlyPerson } from "./TextOnlyPerson";
import type { ScreenProps } from "./types";

interface DeletionLine {
  reference: string;
  form: string;
  receivedAt: string;
  deletedAt: string;
  requestedBy: string;
}

interface PrivacyData {
  responseDays: number;
  texts: { months: number; consentMonths: number };
  requests: OpenRequest[];
  deletions: DeletionLine[];
  deletionsTotal: number;
}

/** What a deletion's dialog names and asks to be typed: an open request's address, or a person's reference. */
interface DeleteTarget {
  title: string;
  says: string;
  typeThis: string;
  type: "email" | "text";
  /** The dialog's button. */
  act: string;
  send: (typed: string) => Promise<string | null>;
}

function daysLeftText(days: number): string {
  if (days > 1) return `${days} days left`;
  if (days === 1) return "1 day left";
  if (days === 0) return "due today";
  return `${-days} day${days === -1 ? "" : "s"} late`;
}

/** Every time on the screen, on the gym's clock. */
const when = staffTime;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Where an unconfirmed request's link stands: sent and until when, not sent yet, failed, run out, or none. */
function linkText({ state, expiresAt, mail }: RequestConfirmationView, when: (iso: string) => string): string {
  const until = expiresAt ? when(expiresAt) : "";
  if (state === "no-link") return "No link was e-mailed (mail was not set up, or the request came before links were sent).";
  if (state === "expired") return `The link expired on ${until} without being used. Answer by saying so, then mark the request answered.`;
  if (mail?.status === "sent" && mail.sentAt) return `Link e-mailed ${when(mail.sentAt)}; it works until ${until}.`;
  if (mail?.status === "failed") return `The e-mail with the link could not be sent (see Outbox); the link works until ${until}.`;
  return `The e-mail with the link is waiting to be sent (see Outbox); the link works until ${until}.`;
}

/**
 * The owner answers privacy requests (Washington's My Health My Data Act): what is open and how long is
 * left, a download of everything held, deletion after typing the address, withdrawal of consent for
 * health information, and the log of what was deleted. The server does each through the same code as
 * `npm run submissions`.
 */
export default function Privacy(_props: ScreenProps) {
  const [data, setData] = useState<PrivacyData | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [person, setPerson] = useState("");
  const read = useCallback(async () => setData(await getJson<PrivacyData>("privacy")), []);
  // A refused deletion is said in its dialog (post); any other refusal on the status line (change).
  const { status, busy, post, change } = useChanges("privacy", read);
  // Once a person is deleted, their reference leaves the field: there is nothing left to download.
  const forgotten = async (body: Record<string, unknown>) => {
    const refused = await post(body);
    if (refused === null) setPerson("");
    return refused;
  };

  return (
    <>
      <h1 className={shared.heading}>Privacy requests</h1>
      <p className={shared.lead}>
        Each request is answered within {data?.responseDays ?? "the"} days of its person confirming it (Washington&apos;s My Health My Data
        Act): the address it names gets a link, and nothing is exported, deleted or withdrawn before it is used. The download holds
        everything the site keeps for the address.
      </p>
      <StatusLine status={status} />
      <h2 className={shared.subheading}>Open requests</h2>
      {data === null ? (
        <p>Loading…</p>
      ) : data.requests.length === 0 ? (
        <p>No privacy request is waiting for an answer.</p>
      ) : (
        <ul className={shared.list}>
          {data.requests.map((r) => (
            <li key={r.reference} className={styles.request}>
              <h3 className={styles.title}>
                {r.request ? PRIVACY_REQUEST_LABELS[r.request].label : "Privacy request"}{" "}
                <span className={shared.muted}>{r.reference}</span>
              </h3>
              {r.daysLeft !== null && r.dueOn !== null ? (
                <p className={r.daysLeft < 0 ? styles.late : r.daysLeft <= 7 ? styles.soon : styles.due}>
                  <strong>{daysLeftText(r.daysLeft)}</strong>: answer by {formatLongDate(r.dueOn)}
                </p>
              ) : (
                <p className={styles.due}>
                  <strong>{r.confirmation.state === "waiting" ? "Waiting for the visitor to confirm" : "Not confirmed"}</strong>:{" "}
                  {linkText(r.confirmation, when)}
                </p>
              )}
              {r.confirmation.confirmedAt && r.confirmation.confirmedBy && (
                <p className={`${styles.due} ${shared.muted}`}>
                  Confirmed {CONFIRMED_BY_WORDS[r.confirmation.confirmedBy]}, {when(r.confirmation.confirmedAt)}.
                </p>
              )}
              <dl className={styles.facts}>
                <dt>From</dt>
                <dd className={shared.wrap}>
                  {r.name} &lt;{r.email}&gt;
                </dd>
                <dt>Received</dt>
                <dd>{when(r.received)}</dd>
                <dt>Held</dt>
                <dd>
                  {plural(r.held.length, "submission")}
                  {r.withHealthInfo.length > 0 && `, health information in ${r.withHealthInfo.join(", ")}`}
                </dd>
                {r.details && (
                  <>
                    <dt>Details</dt>
                    <dd className={styles.details}>{r.details}</dd>
                  </>
                )}
              </dl>
              {r.dataDeletedAt && (
                <p className={styles.due}>
                  <strong>Data deleted {when(r.dataDeletedAt)}.</strong> Tell {r.name || "them"} it is done, then mark the request answered.
                </p>
              )}
              {r.confirmation.state !== "confirmed" && (
                <p className={styles.due}>
                  {notConfirmedYet(r.reference, "The download, deletion and withdrawing consent wait until then.")}
                </p>
              )}
              <div className={styles.actions}>
                {r.confirmation.state === "confirmed" && (
                  <a className={shared.secondary} href={downloadUrl("privacy", { export: r.reference })} download>
                    Download everything (JSON)
                  </a>
                )}
                {r.confirmation.state === "confirmed" && r.withHealthInfo.length > 0 && (
                  <ActionButton busy={busy} onClick={() => void change({ action: "withdraw", request: r.reference })}>
                    Withdraw consent
                  </ActionButton>
                )}
                <ActionButton busy={busy} onClick={() => void change({ action: "answered", request: r.reference })}>
                  Mark answered
                </ActionButton>
                {r.confirmation.state === "confirmed" && (
                  <ActionButton busy={busy} danger onClick={() => setDeleting(requestDeletion(r, post))}>
                    Delete everything…
                  </ActionButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2 className={shared.subheading}>Someone who only texted</h2>
      <p className={shared.lead}>
        A person made by a text, who sent no form, has no address: they ask by texting the gym from their number. Type the reference on
        their page to download or delete what is kept of them (someone who sent a form goes by the address on it).
      </p>
      <TextOnlyPerson
        person={person}
        onPerson={setPerson}
        busy={busy}
        onDelete={(reference) => setDeleting(personDeletion(reference, forgotten))}
      />
      <DeleteDialog target={deleting} busy={busy} onClose={() => setDeleting(null)} />
      <h2 className={shared.subheading}>Deletion log</h2>
      <p className={shared.lead}>
        What was deleted, when and at whose request: references and dates only, kept after the data is gone.
        {data && data.deletionsTotal > data.deletions.length && ` The newest ${data.deletions.length} of ${data.deletionsTotal}.`}
      </p>
      {data && data.deletions.length === 0 && <p>Nothing has been deleted yet.</p>}
      {data && data.deletions.length > 0 && (
        <ul className={styles.log} aria-label="Deletion log">
          {data.deletions.map((d) => (
            <li key={`${d.reference}-${d.deletedAt}`} className={styles.logLine}>
              <strong>{d.reference}</strong> <span>{formLabel(d.form)}</span>{" "}
              <span className={shared.muted}>received {when(d.receivedAt)}</span> <span>deleted {when(d.deletedAt)}</span>{" "}
              <span>{deletedBecause(d.requestedBy)}</span>
            </li>
          ))}
        </ul>
      )}
      <h2 className={shared.subheading}>Texts</h2>
      {data && (
        <p className={shared.lead}>
          A person&apos;s texts, to and from the gym, are in their download and go with them. Someone who only texted (no form), and a STOP,
          START or HELP from a number nobody has, go {plural(data.texts.months, "month")} after the last text. A number&apos;s record of
          consent to texts is kept {plural(data.texts.consentMonths, "month")} after its last change or the gym&apos;s last text to it,
          whichever is later, once no text of it is kept, as proof of consent; a deletion takes it with the person, and the number is then
          not texted unless they tick the box on a form again. The periods are in the site&apos;s settings, under &quot;Privacy: how long
          forms and texts are kept&quot;.
        </p>
      )}
    </>
  );
}

type Post = (body: Record<string, unknown>) => Promise<string | null>;

/** An open request's deletion: everything for its address, the request itself kept until answered. */
const requestDeletion = (request: OpenRequest, post: Post): DeleteTarget => ({
  title: "Delete everything for this address?",
  says:
    `This deletes ${plural(request.held.length - 1, "other submission")} with their messages, bookings, lead notes and status, for ` +
    "good. The request itself stays until you mark it answered. The deletion log keeps only the references, as deleted on privacy " +
    `request ${request.reference}.`,
  typeThis: request.email,
  type: "email",
  act: "Delete everything",
  send: (typed) => post({ action: "delete", request: request.reference, confirm: typed }),
});

/** A person made by a text alone: their texts, timeline and numbers' consent to texts. */
const personDeletion = (reference: string, post: Post): DeleteTarget => ({
  title: "Delete this person?",
  says:
    `This deletes ${reference} with their texts, timeline and their numbers' consent to texts, for good; the audit log keeps the ` +
    "reference. A text from the number afterwards makes a new person, who is not texted until they tick the box on a form.",
  typeThis: reference,
  type: "text",
  act: "Delete this person",
  send: (typed) => post({ action: "delete", person: reference, confirm: typed }),
});

/**
 * Deleting cannot be undone: a native modal dialog asks for the address (or a person's reference) to be
 * typed, and the server checks it again. A wrong one is refused there and then, in the dialog.
 */
function DeleteDialog({ target, busy, onClose }: { target: DeleteTarget | null; busy: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (target && !element.open) {
      setTyped("");
      setProblem(null);
      element.showModal();
    } else if (!target && element.open) element.close();
  }, [target]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const refused = await target.send(typed);
    if (refused) setProblem(refused);
    else onClose();
  };

  return (
    <dialog ref={dialog} className={shared.dialog} aria-labelledby="delete-title" onClose={onClose}>
      {target && (
        <form onSubmit={(event) => void submit(event)} className={shared.form}>
          <h2 id="delete-title">{target.title}</h2>
          <p>{target.says}</p>
          <label className={shared.field}>
            <span>
              Type <strong className={shared.wrap}>{target.typeThis}</strong> to confirm
            </span>
            <input
              type={target.type}
              required
              autoComplete="off"
              value={typed}
              aria-describedby={problem ? "delete-problem" : undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          <p id="delete-problem" role="alert" className={shared.error}>
            {problem}
          </p>
          <div className={styles.actions}>
            <button type="submit" className={shared.danger} disabled={busy}>
              {target.act}
            </button>
            <button type="button" className={shared.secondary} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/** Why a deletion was made, in the gym's words: on a privacy request (its reference), by staff, or at the end of its retention. */
function deletedBecause(requestedBy: string): string {
  if (requestedBy === "staff") return "by staff";
  if (requestedBy === "retention") return "at the end of its retention period";
  return `on privacy request ${requestedBy}`;
}

/** A logged form's name; a form from an older release reads as it was stored. */
const formLabel = (form: string): string => (Object.hasOwn(FORM_LABELS, form) ? FORM_LABELS[form as keyof typeof FORM_LABELS] : form);
