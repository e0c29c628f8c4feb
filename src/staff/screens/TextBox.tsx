import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "gatsby";
import { postJson, problemText } from "../client";
import { type LeadDetail, phoneLabel } from "../../desk/leads";
import { staffPaths } from "../../desk/paths";
import { MAX_TEXT_CHARACTERS, MAX_TEXT_SEGMENTS, textSize, textTooLong } from "../../texts/segments";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";
import { StopTexts } from "./StopTexts";
import { TemplatePicker } from "./TemplatePicker";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * Texting a person from their page, from the gym's number: start from one of the owner's text templates
 * (filled in for them), change what you like, send. It goes at once through the outbox, is on the
 * timeline with its delivery status, and answers them as a reply does. The counter says how many
 * characters and segments (each billed as a text) it takes as it is typed; a screen reader hears only
 * when the number of segments changes. When it cannot go (texting not set up, no number, no consent),
 * the server's reason is said instead of the form.
 */
export function TextBox({ detail, onSent }: { detail: LeadDetail; onSent: (answer: LeadDetail) => void }) {
  const [template, setTemplate] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Status | null>(null);
  const countId = useId();
  const reasonRef = useRef<HTMLParagraphElement>(null);
  // Once texts are stopped from here, the box and its buttons give way to the reason: focus goes to it,
  // so it is read out and the keyboard is not left on a button that is gone.
  const [stopped, setStopped] = useState(false);
  const { texting, lead } = detail;
  useEffect(() => {
    if (!stopped || !texting?.refusal) return;
    reasonRef.current?.focus();
    setStopped(false);
  }, [stopped, texting?.refusal]);
  if (!texting) return null;

  const size = textSize(text);
  const tooLong = textTooLong(text);
  const choose = (id: string) => {
    setTemplate(id);
    const chosen = texting.templates.find((entry) => String(entry.id) === id);
    if (chosen) setText(chosen.body);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setSaid({ text: "Write the text first.", error: true });
    if (tooLong) return setSaid({ text: tooLong, error: true });
    setBusy(true);
    try {
      // With the number shown above the box: a number changed since is refused, not texted unseen.
      const answer = await postJson<LeadDetail>("lead", {
        id: lead.id,
        action: "text",
        text,
        ...(texting.phone && { phone: texting.phone }),
      });
      setText("");
      setTemplate("");
      setSaid({
        text: `Sent to ${phoneLabel(texting.phone ?? "")}: it goes out now, and is on the timeline with its status.`,
        error: false,
      });
      onSent(answer);
    } catch (error) {
      setSaid({ text: problemText(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lead-text">
      <h2 id="lead-text" className={styles.subheading}>
        Text
      </h2>
      {texting.refusal ? (
        <p ref={reasonRef} tabIndex={-1} className={styles.wrap}>
          {texting.refusal}
        </p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void send(event)}>
          {texting.templates.length > 0 && (
            <TemplatePicker value={template} templates={texting.templates} blank="A blank text" onChoose={choose} />
          )}
          <label className={styles.field}>
            <span className={styles.wrap}>Text to {phoneLabel(texting.phone ?? "")}</span>
            <textarea
              required
              rows={4}
              maxLength={MAX_TEXT_CHARACTERS}
              value={text}
              aria-describedby={countId}
              aria-invalid={tooLong ? true : undefined}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <p id={countId} className={tooLong ? styles.error : styles.muted}>
            {tooLong ??
              `${plural(size.characters, "character")}, ${plural(size.segments, "segment")}${
                size.encoding === "UCS-2" && size.notGsm.length > 0 ? ` (${size.notGsm.join(" ")} makes each segment shorter)` : ""
              }. At most ${MAX_TEXT_SEGMENTS} segments.`}
          </p>
          {/* Heard only when the segments change, not at each key. */}
          <p className="visually-hidden" aria-live="polite">
            {size.segments > 1 ? `${plural(size.segments, "segment")}` : ""}
          </p>
          <button type="submit" className={styles.primary} disabled={busy}>
            Send text
          </button>
          <StatusLine status={said} className={styles.wrap} />
          <p className={styles.muted}>
            From the gym&apos;s number; their answers come to their timeline. <Link to={staffPaths.replies}>Text templates</Link>
          </p>
        </form>
      )}
      {!texting.refusal && (
        <StopTexts
          detail={detail}
          onStopped={(answer) => {
            setStopped(true);
            onSent(answer);
          }}
        />
      )}
    </section>
  );
}
