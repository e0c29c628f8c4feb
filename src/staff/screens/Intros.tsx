import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { getJson } from "../client";
import { leadPath, staffPaths } from "../../desk/paths";
import { ActionButton } from "../ActionButton";
import { Choice } from "../Choice";
import { PhoneLink } from "../PhoneLink";
import * as styles from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import * as own from "./Intros.module.css";
import type { ScreenProps } from "./types";

interface Intro {
  id: string;
  start: string;
  time: string;
  coach: string;
  name: string;
  email: string;
  phone: string;
  attendance: "attended" | "no-show" | null;
  /** Whether it has started: only then can staff say who came. */
  started: boolean;
}

interface Listing {
  zone: string;
  days: Array<{ label: string; intros: Intro[] }>;
  /** The open times by day, as the booking page lists them. */
  open: Array<{ date: string; label: string; times: Array<{ start: string; label: string }> }>;
  slots: Array<{ start: string; coach: string }>;
  /** The intro coach the signed-in account is (Your settings); null: none. */
  mine: string | null;
}

/** Whose intros the screen shows: the account's own coach's (when it is one), or everyone's. */
type Show = "mine" | "everyone";
/** In the address only when it is everyone's, so a reload or a shared link keeps it. */
const showOf = (search: string): Show => (new URLSearchParams(search).get("show") === "everyone" ? "everyone" : "mine");

type Asking = { kind: "cancel" | "reschedule"; intro: Intro } | null;

const ATTENDANCE: Record<NonNullable<Intro["attendance"]>, string> = { attended: "Came", "no-show": "No-show" };
/** Once an intro has started: a button for each, its action the attendance it marks. */
const ATTENDANCES = Object.entries(ATTENDANCE) as Array<[NonNullable<Intro["attendance"]>, string]>;

/** Today's and later free intros by day (the gym's time zone): who came, cancel, or move to an open time. */
export default function Intros({ search }: ScreenProps) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [show, setShow] = useState<Show>(() => showOf(search));
  const [asking, setAsking] = useState<Asking>(null);
  const [day, setDay] = useState("");
  const [choice, setChoice] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const read = useCallback(async () => setListing(await getJson<Listing>("intros")), []);
  const { status, busy, change } = useChanges("intros", read);

  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}${show === "everyone" ? "?show=everyone" : ""}`);
  }, [show]);

  useEffect(() => {
    if (asking && !dialog.current?.open) dialog.current?.showModal();
    if (!asking && dialog.current?.open) dialog.current.close();
  }, [asking]);

  // The dialog closes with the server's answer, before the list is read again.
  const act = (body: Record<string, string>) => change(body, () => setAsking(null));

  const ask = (kind: "cancel" | "reschedule", intro: Intro) => {
    setChoice("");
    setDay("");
    setAsking({ kind, intro });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return;
    if (asking.kind === "cancel") return void act({ id: asking.intro.id, action: "cancel" });
    const [start = "", coach = ""] = choice.split("|");
    void act({ id: asking.intro.id, action: "reschedule", start, coach });
  };

  const coachesAt = (start: string) => listing?.slots.filter((slot) => slot.start === start).map((slot) => slot.coach) ?? [];
  const dayOf = (intro: Intro) => listing?.days.find((entry) => entry.intros.some((other) => other.id === intro.id))?.label ?? "";
  const chosen = (() => {
    const [start = "", coach = ""] = choice.split("|");
    const open = listing?.open.find((entry) => entry.date === day);
    const time = open?.times.find((entry) => entry.start === start);
    return open && time && coach ? { day: open.label, time: time.label, coach } : null;
  })();

  // A coach's own intros, when the account is one and asks for them; every day with none of theirs left out.
  const mine = listing?.mine ?? null;
  const onlyMine = mine !== null && show === "mine";
  const days = (listing?.days ?? [])
    .map((entry) => (onlyMine ? { ...entry, intros: entry.intros.filter((intro) => intro.coach === mine) } : entry))
    .filter((entry) => entry.intros.length > 0);

  return (
    <>
      <h1 className={styles.heading}>Free intros</h1>
      <p className={styles.lead}>
        Today&apos;s and upcoming intros{listing ? `, in ${listing.zone}` : ""}. Cancelling or moving one e-mails the visitor.
      </p>
      {listing !== null &&
        (mine === null ? (
          <p className={styles.muted}>
            Give free intros? Say which coach you are in <Link to={staffPaths.settings}>Your settings</Link>, and this screen opens on
            yours.
          </p>
        ) : (
          <Choice<Show>
            label="Show"
            value={show}
            options={{ mine: `My intros (${mine})`, everyone: "Everyone's intros" }}
            onChange={setShow}
          />
        ))}
      <StatusLine status={status} />
      {listing === null ? (
        <p>Loading…</p>
      ) : days.length === 0 ? (
        <p>{onlyMine ? `No upcoming free intros with ${mine}.` : "No upcoming free intros."}</p>
      ) : (
        days.map((day) => (
          <section key={day.label} aria-label={day.label}>
            <h2 className={own.day}>{day.label}</h2>
            <ul className={styles.list}>
              {day.intros.map((intro) => (
                <li key={intro.id} className={styles.card} data-reference={intro.id}>
                  <span className={styles.cardMain}>
                    <strong>{intro.time}</strong> <Link to={leadPath(intro.id)}>{intro.name || intro.id}</Link>{" "}
                    <span className={styles.muted}>with {intro.coach}</span>
                    <br />
                    <span className={`${styles.muted} ${styles.wrap}`}>
                      {intro.id} · {intro.email}
                      {intro.phone && (
                        <>
                          {" · "}
                          <PhoneLink phone={intro.phone} />
                        </>
                      )}
                    </span>
                    {intro.attendance && (
                      <>
                        {" "}
                        <span className={styles.badge}>{ATTENDANCE[intro.attendance]}</span>
                      </>
                    )}
                  </span>
                  <span className={own.actions}>
                    {intro.started &&
                      ATTENDANCES.map(([attendance, label]) => (
                        <ActionButton
                          key={attendance}
                          busy={busy}
                          label={`${label}: ${intro.name}`}
                          onClick={() => void act({ id: intro.id, action: attendance })}
                        >
                          {label}
                        </ActionButton>
                      ))}
                    <ActionButton busy={busy} label={`Move ${intro.name}'s intro`} onClick={() => ask("reschedule", intro)}>
                      Move…
                    </ActionButton>
                    <ActionButton busy={busy} danger label={`Cancel ${intro.name}'s intro`} onClick={() => ask("cancel", intro)}>
                      Cancel…
                    </ActionButton>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="intro-dialog-title" onClose={() => setAsking(null)}>
        {asking && (
          <form className={styles.form} onSubmit={confirm}>
            <h2 id="intro-dialog-title">
              {asking.kind === "cancel" ? `Cancel ${asking.intro.name}'s intro?` : `Move ${asking.intro.name}'s intro`}
            </h2>
            {asking.kind === "cancel" ? (
              <p>
                {asking.intro.time} with {asking.intro.coach}. The visitor is e-mailed that it is cancelled, and the time opens again.
              </p>
            ) : (
              <>
                <p>
                  Now: {dayOf(asking.intro)} at {asking.intro.time} with {asking.intro.coach}.
                </p>
                {/* A day, then its times: one list of every open time was too long to read on a phone. */}
                <label className={styles.field}>
                  <span>New day</span>
                  <select
                    required
                    value={day}
                    onChange={(event) => {
                      setDay(event.target.value);
                      setChoice("");
                    }}
                  >
                    <option value="">Choose a day</option>
                    {listing?.open.map((open) => (
                      <option key={open.date} value={open.date}>
                        {open.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className={styles.field}>
                  <span>New time</span>
                  <select required disabled={!day} value={choice} onChange={(event) => setChoice(event.target.value)}>
                    <option value="">{day ? "Choose a time" : "Choose a day first"}</option>
                    {listing?.open
                      .find((open) => open.date === day)
                      ?.times.flatMap((time) =>
                        coachesAt(time.start).map((coach) => (
                          <option key={`${time.start}|${coach}`} value={`${time.start}|${coach}`}>
                            {`${time.label} with ${coach}`}
                          </option>
                        )),
                      )}
                  </select>
                </label>
                {/* Always there, so a screen reader hears the choice when its words change. */}
                <p role="status">{chosen && `Moves to ${chosen.day} at ${chosen.time} with ${chosen.coach}.`}</p>
              </>
            )}
            <span className={own.actions}>
              <button type="submit" className={asking.kind === "cancel" ? styles.danger : styles.primary} disabled={busy}>
                {asking.kind === "cancel" ? "Cancel the intro" : "Move the intro"}
              </button>
              <button type="button" className={styles.secondary} onClick={() => setAsking(null)}>
                Keep it
              </button>
            </span>
          </form>
        )}
      </dialog>
    </>
  );
}
