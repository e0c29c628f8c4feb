import { type ChangeEvent, useCallback, useState } from "react";
import { getJson } from "../client";
import * as styles from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import type { ScreenProps } from "./types";

interface Own {
  leadAlerts: boolean;
  /** Which coach of the free intros this account is (null: none), and the coaches there are. */
  introCoach: string | null;
  introCoaches: string[];
}

/**
 * A staff member's own settings, for their account only: whether they are e-mailed each new lead as it
 * comes in (on for every account until its owner turns it off; the owner sees who has it off on
 * Accounts), and which coach of the free intros they are ("My intros" on the Free intros screen). Each
 * changes at once, and goes back if the server refuses.
 */
export default function Settings({ session }: ScreenProps) {
  const [own, setOwn] = useState<Own | null>(null);
  const read = useCallback(async () => setOwn(await getJson<Own>("settings")), []);
  const { status, busy, change } = useChanges("settings", read);
  const leadAlerts = own?.leadAlerts ?? null;
  const setLeadAlerts = (on: boolean) => setOwn((was) => was && { ...was, leadAlerts: on });

  const toggle = async (event: ChangeEvent<HTMLInputElement>) => {
    // Not disabled while it saves (a disabled box loses the keyboard's focus): a press meanwhile is let go.
    if (busy) return;
    const wanted = event.target.checked;
    setLeadAlerts(wanted);
    if (!(await change({ leadAlerts: wanted }))) setLeadAlerts(!wanted);
  };

  const chooseCoach = async (event: ChangeEvent<HTMLSelectElement>) => {
    if (busy || !own) return;
    const was = own.introCoach;
    const wanted = event.target.value || null;
    setOwn({ ...own, introCoach: wanted });
    if (!(await change({ introCoach: wanted }))) setOwn((now) => now && { ...now, introCoach: was });
  };

  return (
    <>
      <h1 className={styles.heading}>Your settings</h1>
      <p className={styles.lead}>
        These change only what you get, as <span className={styles.wrap}>{session.email}</span>.
      </p>
      <StatusLine status={status} />
      {own === null || leadAlerts === null ? (
        <p>Loading…</p>
      ) : (
        <div className={styles.form}>
          <label className={styles.check}>
            <input type="checkbox" checked={leadAlerts} aria-describedby="lead-alerts-hint" onChange={(event) => void toggle(event)} />
            <span>E-mail me each new lead</span>
          </label>
          <p id="lead-alerts-hint" className={styles.muted}>
            As soon as a visitor sends a form: who they are, where they came from and a link to their lead. Turned off, you still get the
            reminder of a lead nobody has answered yet
            {session.role === "owner" ? ", and each privacy request (the time the law gives to answer it is running)." : "."}
          </p>
          <label className={styles.field}>
            <span>You give free intros as</span>
            <select value={own.introCoach ?? ""} aria-describedby="intro-coach-hint" onChange={(event) => void chooseCoach(event)}>
              <option value="">Not one of the intro coaches</option>
              {own.introCoaches.map((coach) => (
                <option key={coach} value={coach}>
                  {coach}
                </option>
              ))}
            </select>
          </label>
          <p id="intro-coach-hint" className={styles.muted}>
            Free intros then opens on your own intros, with everyone&apos;s one tap away.
          </p>
        </div>
      )}
    </>
  );
}
