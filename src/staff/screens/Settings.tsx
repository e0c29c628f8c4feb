import { type ChangeEvent, useCallback, useState } from "react";
import { getJson } from "../client";
import * as styles from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import type { ScreenProps } from "./types";

/**
 * A staff member's own settings, for their account only: whether they are e-mailed each new lead as it
 * comes in (on for every account until its owner turns it off; the owner sees who has it off on
 * Accounts). The box changes at once, and goes back if the server refuses.
 */
export default function Settings({ session }: ScreenProps) {
  const [leadAlerts, setLeadAlerts] = useState<boolean | null>(null);
  const read = useCallback(async () => {
    setLeadAlerts((await getJson<{ leadAlerts: boolean }>("settings")).leadAlerts);
  }, []);
  const { status, busy, change } = useChanges("settings", read);

  const toggle = async (event: ChangeEvent<HTMLInputElement>) => {
    // Not disabled while it saves (a disabled box loses the keyboard's focus): a press meanwhile is let go.
    if (busy) return;
    const wanted = event.target.checked;
    setLeadAlerts(wanted);
    if (!(await change({ leadAlerts: wanted }))) setLeadAlerts(!wanted);
  };

  return (
    <>
      <h1 className={styles.heading}>Your settings</h1>
      <p className={styles.lead}>
        These change only what you get, as <span className={styles.wrap}>{session.email}</span>.
      </p>
      <StatusLine status={status} />
      {leadAlerts === null ? (
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
        </div>
      )}
    </>
  );
}
