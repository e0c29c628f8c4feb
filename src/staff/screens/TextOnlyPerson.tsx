import { useEffect, useId, useState } from "react";
import { ActionButton } from "../ActionButton";
import { downloadUrl, getJson, problemText } from "../client";
import type { TextOnlySummary } from "../../desk/privacy";
import { staffTime } from "../../time/labels";
import * as shared from "../Staff.module.css";
import * as styles from "./Privacy.module.css";

/** A person's reference as the server writes it (src/server/forms/ids.ts): "N-" and ten characters. */
const PERSON_REFERENCE = /^N-[0-9A-Z]{10}$/;

type Lookup = { reference: string; person: TextOnlySummary } | { reference: string; problem: string };

function summaryText({ texts, firstAt, lastAt, phoneEndings }: TextOnlySummary): string {
  const endings = phoneEndings.map((ending) => `…${ending}`).join(" and ");
  const count = `${texts} text${texts === 1 ? "" : "s"}`;
  if (!firstAt || !lastAt) return "No texts are kept.";
  const span = firstAt === lastAt ? `on ${staffTime(firstAt)}` : `from ${staffTime(firstAt)} to ${staffTime(lastAt)}`;
  return `${count} with the number${phoneEndings.length === 1 ? "" : "s"} ending ${endings}, ${span}.`;
}

/**
 * Someone who only texted has no address: the owner types the reference on their page. The server says
 * at once whom it names (or why it names nobody they can act on), before any download or deletion, so a
 * mistyped reference never saves an error as a file or opens a deletion for nobody.
 */
export function TextOnlyPerson({
  person,
  onPerson,
  busy,
  onDelete,
}: {
  person: string;
  onPerson: (typed: string) => void;
  busy: boolean;
  onDelete: (reference: string) => void;
}) {
  const reference = person.trim().toUpperCase();
  const wellFormed = PERSON_REFERENCE.test(reference);
  // As long as a reference, or longer, and still not one: said, rather than waiting for more typing.
  const malformed = !wellFormed && reference.length >= "N-7K3M9QX2PA".length;
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const described = useId();

  useEffect(() => {
    // What was said of a reference before (a person since deleted) never stands for this asking.
    setLookup(null);
    if (!wellFormed) return;
    let current = true;
    getJson<{ person: TextOnlySummary }>("privacy", { person: reference }).then(
      ({ person: found }) => current && setLookup({ reference, person: found }),
      (error: unknown) => current && setLookup({ reference, problem: problemText(error) }),
    );
    return () => {
      current = false;
    };
  }, [reference, wellFormed]);

  // What the server said about the reference in the field now; nothing while it is being asked.
  const shown = wellFormed && lookup?.reference === reference ? lookup : null;
  return (
    <div className={shared.form}>
      <label className={shared.field}>
        <span>Person&apos;s reference</span>
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="N-7K3M9QX2PA"
          value={person}
          aria-describedby={described}
          onChange={(event) => onPerson(event.target.value)}
        />
      </label>
      <p id={described} aria-live="polite" className={malformed || (shown && "problem" in shown) ? shared.error : shared.muted}>
        {malformed && "A person's reference looks like N-7K3M9QX2PA: N, a dash and ten letters or digits."}
        {shown && ("problem" in shown ? shown.problem : `${shown.reference}: ${summaryText(shown.person)}`)}
      </p>
      {shown && "person" in shown && (
        <div className={styles.actions}>
          <a className={shared.secondary} href={downloadUrl("privacy", { export: shown.reference })} download>
            Download what is kept
          </a>
          <ActionButton busy={busy} danger onClick={() => onDelete(shown.reference)}>
            Delete this person…
          </ActionButton>
        </div>
      )}
    </div>
  );
}
