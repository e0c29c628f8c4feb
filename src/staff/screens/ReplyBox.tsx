import { type FormEvent, useState } from "react";
import { Link } from "gatsby";
import { postJson, problemText } from "../client";
import type { LeadDetail } from "../../desk/leads";
import { REPLY_MAX, SUBJECT_MAX } from "../../desk/limits";
import { staffPaths } from "../../desk/paths";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";
import { TemplatePicker } from "./TemplatePicker";

/**
 * Answering a lead by e-mail from its page: start from one of the owner's templates (already filled in
 * for this lead), change what you like, send. It goes through the outbox from the gym's address, is
 * noted on the lead, and a New lead becomes Contacted.
 */
export function ReplyBox({ detail, onSent }: { detail: LeadDetail; onSent: (answer: LeadDetail) => void }) {
  const [template, setTemplate] = useState("");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Status | null>(null);
  const { reply, lead } = detail;
  if (!reply.possible) return null;

  const choose = (id: string) => {
    setTemplate(id);
    const chosen = reply.templates.find((entry) => String(entry.id) === id);
    if (chosen) {
      setSubject(chosen.subject);
      setText(chosen.body);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await postJson<LeadDetail>("lead", { id: lead.id, action: "reply", subject, text });
      setText("");
      setTemplate("");
      setSaid({ text: `Sent to ${lead.email}: it goes out within a minute, and a copy is in the notes.`, error: false });
      onSent(answer);
    } catch (error) {
      setSaid({ text: problemText(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lead-reply">
      <h2 id="lead-reply" className={styles.subheading}>
        Reply by e-mail
      </h2>
      {!reply.mailReady ? (
        <p className={styles.muted}>E-mail is not set up on this server, so replies cannot be sent from here: call or text instead.</p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void send(event)}>
          <TemplatePicker value={template} templates={reply.templates} blank="A blank reply" onChoose={choose} />
          <label className={styles.field}>
            <span>Subject</span>
            <input required maxLength={SUBJECT_MAX} value={subject} onChange={(event) => setSubject(event.target.value)} />
          </label>
          <label className={styles.field}>
            <span className={styles.wrap}>Reply to {lead.email}</span>
            <textarea required rows={8} maxLength={REPLY_MAX} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <button type="submit" className={styles.primary} disabled={busy}>
            Send reply
          </button>
          <StatusLine status={said} className={styles.wrap} />
          <p className={styles.muted}>
            Replies come back to the gym&apos;s own address. <Link to={staffPaths.replies}>Reply templates</Link>
          </p>
        </form>
      )}
    </section>
  );
}
