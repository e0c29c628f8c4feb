import type { ReactNode } from "react";
import { LIMITS } from "../../forms/limits";
import type { FormControl } from "../../hooks/useForm";
import { Checkbox, TextInput } from "./inputs";
import * as styles from "./Form.module.css";

/** The waiver this build shows and its version (the hash the server checks and stores). */
export interface ShownWaiver {
  version: string;
  paragraphs: readonly string[];
}

export const ACCEPT_OWN = "I have read the waiver and accept it";

/**
 * The waiver's text and the box that accepts it: the same on every form a person signs it on. `acceptLabel`
 * is the statement the box makes, when someone other than the visitor accepts (a parent or guardian).
 */
export function WaiverAgreement({
  control,
  waiver,
  acceptLabel = ACCEPT_OWN,
}: {
  control: FormControl<{ waiverAccepted: boolean }>;
  waiver: ShownWaiver;
  acceptLabel?: string;
}) {
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the waiver scrolls, and a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={styles.waiver} aria-label="Waiver" tabIndex={0}>
        <h2 className={styles.summaryTitle}>Waiver</h2>
        {waiver.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <Checkbox control={control} name="waiverAccepted" label={acceptLabel} required />
    </>
  );
}

/**
 * The parent or guardian who accepts the waiver for someone under 18, on every form that asks.
 * `autoComplete` "name" only where the guardian fills the form in (sign-up), not the teen (drop-in).
 */
export function GuardianName({
  control,
  hint,
  autoComplete = "off",
}: {
  control: FormControl<{ guardianName: string }>;
  hint: ReactNode;
  autoComplete?: "name" | "off";
}) {
  return (
    <TextInput
      control={control}
      name="guardianName"
      label="Parent or guardian's name"
      required
      autoComplete={autoComplete}
      maxLength={LIMITS.name}
      hint={hint}
    />
  );
}
