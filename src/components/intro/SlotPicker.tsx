import type { FormControl } from "../../hooks/useForm";
import type { DaySlots } from "../../intro/display";
import { describedBy, ErrorText, Hint } from "../form/Field";
import * as form from "../form/Form.module.css";
import * as styles from "./SlotPicker.module.css";

/**
 * Two radio groups: the day, then a time on that day. Radios, not a calendar widget, so the arrow
 * keys, screen readers and the browser's own focus all work as they do everywhere else. The time's
 * value is the slot's start instant, the form's `start` field.
 */
export function SlotPicker({
  control,
  days,
  day,
  onDay,
  zone,
  count = ["time", "times"],
}: {
  control: FormControl<{ start: string }>;
  days: readonly DaySlots[];
  /** The chosen day (YYYY-MM-DD). */
  day: string;
  onDay(date: string): void;
  /** The gym's time zone by name ("Pacific Time"), from the server's answer. */
  zone: string;
  /** What a day's count counts: a time, or (the kids' trial) a class. */
  count?: readonly [one: string, many: string];
}) {
  const shown = days.find((d) => d.date === day) ?? days[0];
  const id = control.idFor("start");
  const error = control.errors.start;
  const dayId = control.idFor("day");
  const hint = `Times are ${zone || "in the gym's time zone"}, where the gym is.`;
  return (
    // data-slot-picker: where the endpoint puts the open times on the page it answers without JavaScript.
    <div className={styles.picker} data-invalid={error ? "" : undefined} data-slot-picker>
      <fieldset className={form.fieldset}>
        <legend className={form.label}>Day</legend>
        <div className={styles.days}>
          {days.map((d) => (
            <label key={d.date} className={styles.choice} htmlFor={`${dayId}-${d.date}`}>
              <input
                id={`${dayId}-${d.date}`}
                type="radio"
                name="day"
                className={form.checkbox}
                checked={shown?.date === d.date}
                onChange={() => {
                  onDay(d.date);
                  control.setValue("start", "");
                }}
              />
              <span>
                {d.short}
                {/* Read as "Tue, Nov 24, 3 times", not "Tue, Nov 243 times". */}
                <span className="visually-hidden">, </span>
                <span className={styles.count}>
                  {d.times.length} {d.times.length === 1 ? count[0] : count[1]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {shown && (
        // The fieldset holds the field's id: after a 409 the times are replaced, and focus (from the
        // error summary, or after sending) lands on something that stays.
        <fieldset id={id} tabIndex={-1} className={form.fieldset} aria-describedby={describedBy({ id, error, hint })}>
          <legend className={form.label}>
            Time on {shown.label}
            <span className={form.required}> (required)</span>
          </legend>
          <Hint id={id}>{hint}</Hint>
          <ErrorText id={id} error={error} />
          <div className={styles.choices}>
            {shown.times.map((time, index) => (
              <label key={time.start} className={styles.choice} htmlFor={`${id}-${index}`}>
                {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- aria-invalid is global in WAI-ARIA 1.2, and screen readers announce it on each radio */}
                <input
                  id={`${id}-${index}`}
                  type="radio"
                  name="start"
                  value={time.start}
                  className={form.checkbox}
                  checked={control.values.start === time.start}
                  onChange={() => control.setValue("start", time.start)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                <span>{time.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
