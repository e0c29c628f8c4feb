import { useId, useState } from "react";
import { postJson, problemText } from "../client";
import { type LeadDetail, phoneLabel } from "../../desk/leads";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";

/**
 * Ending the texts to a person's number on their word: they asked on the phone, by e-mail or in a text
 * ("please stop texting me") rather than with STOP, and any reasonable way of asking ends consent. A
 * disclosure button opens the question, so focus stays where it was; confirmed, the server records the end
 * in the number's consent ledger as a STOP would, and the page then gives the reason instead of the box.
 */
export function StopTexts({ detail, onStopped }: { detail: LeadDetail; onStopped: (answer: LeadDetail) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Status | null>(null);
  const panelId = useId();
  const number = phoneLabel(detail.texting?.phone ?? "");

  const stop = async () => {
    setBusy(true);
    try {
      // With the number the question names: a number changed since is refused, not stopped unseen.
      const phone = detail.texting?.phone;
      onStopped(await postJson<LeadDetail>("lead", { id: detail.lead.id, action: "stop-texts", ...(phone && { phone }) }));
    } catch (error) {
      setSaid({ text: problemText(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <button type="button" className={styles.secondary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        They asked not to be texted
      </button>
      <div id={panelId} hidden={!open}>
        <p className={styles.wrap}>
          Stop all texts to {number}? Nothing more goes to it, automatic or from here, until that phone texts START.
        </p>
        <button type="button" className={styles.danger} disabled={busy} onClick={() => void stop()}>
          Stop texts to {number}
        </button>
        <StatusLine status={said} className={styles.wrap} />
      </div>
    </div>
  );
}
