import type { ReactNode } from "react";
import { LIMITS } from "../../forms/limits";
import type { CheckField, TextField } from "../../forms/formValues";
import type { FormControl } from "../../hooks/useForm";
import { describedBy, ErrorText, Field, Hint } from "./Field";
import * as styles from "./Form.module.css";

/**
 * `V` is the form's values, taken from `control`; `name` must be one of its fields of the right kind
 * (NoInfer: the name is checked against the form, never widens it).
 */
interface BaseProps<V, N> {
  control: FormControl<V>;
  name: NoInfer<N>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
}
type TextProps<V> = BaseProps<V, TextField<V>>;

function aria<V>(control: FormControl<V>, name: TextField<V> | CheckField<V>, hint?: ReactNode) {
  const id = control.idFor(name);
  const error = control.errors[name];
  return { id, error, hint, describedBy: describedBy({ id, error, hint }) };
}

/** What every text-like control shares: its id, value, change handler and accessibility wiring. */
function textControl<V>(control: FormControl<V>, name: TextField<V>, required: boolean | undefined, a: ReturnType<typeof aria>) {
  return {
    id: a.id,
    name,
    className: styles.input,
    value: String(control.values[name] ?? ""),
    onChange: (event: { target: { value: string } }) => control.setValue(name, event.target.value),
    required,
    "aria-required": required || undefined,
    "aria-invalid": a.error ? true : undefined,
    "aria-describedby": a.describedBy,
  };
}

export function TextInput<V>({
  control,
  name,
  label,
  required,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  min,
  max,
  maxLength,
}: TextProps<V> & {
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  min?: string;
  max?: string;
  maxLength?: number;
}) {
  const a = aria(control, name, hint);
  return (
    <Field state={a} label={label} required={required}>
      <input
        {...textControl(control, name, required, a)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        min={min}
        max={max}
        maxLength={maxLength}
      />
    </Field>
  );
}

/** The name of the one who writes or books (on the hold form, the member's): same label, limit and autofill everywhere. */
export function NameInput({ control, label = "Your name" }: { control: FormControl<{ name: string }>; label?: string }) {
  return <TextInput control={control} name="name" label={label} required autoComplete="name" maxLength={LIMITS.name} />;
}

/** The e-mail field every form asks for: same label, limit, keyboard and autofill everywhere. */
export function EmailInput({ control, hint }: { control: FormControl<{ email: string }>; hint?: ReactNode }) {
  return (
    <TextInput
      control={control}
      name="email"
      label="Email"
      type="email"
      required
      autoComplete="email"
      inputMode="email"
      maxLength={LIMITS.email}
      hint={hint}
    />
  );
}

/** The visitor's own phone number, required on some forms and optional on others. */
export function PhoneInput({ control, required, hint }: { control: FormControl<{ phone: string }>; required?: boolean; hint?: ReactNode }) {
  return (
    <TextInput
      control={control}
      name="phone"
      label="Phone"
      type="tel"
      required={required}
      autoComplete="tel"
      inputMode="tel"
      maxLength={LIMITS.phone}
      hint={hint}
    />
  );
}

export function TextArea<V>({
  control,
  name,
  label,
  required,
  hint,
  maxLength,
  rows = 6,
}: TextProps<V> & { maxLength?: number; rows?: number }) {
  const a = aria(control, name, hint);
  return (
    <Field state={a} label={label} required={required}>
      <textarea {...textControl(control, name, required, a)} rows={rows} maxLength={maxLength} />
    </Field>
  );
}

export function Select<V>({
  control,
  name,
  label,
  required,
  hint,
  options,
  placeholder = "Choose one",
}: TextProps<V> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  const a = aria(control, name, hint);
  return (
    <Field state={a} label={label} required={required}>
      <select {...textControl(control, name, required, a)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function Checkbox<V>({ control, name, label, required, hint }: BaseProps<V, CheckField<V>>) {
  const a = aria(control, name, hint);
  return (
    <div className={styles.checkField} data-invalid={a.error ? "" : undefined}>
      <ErrorText id={a.id} error={a.error} />
      <div className={styles.checkRow}>
        <input
          id={a.id}
          name={name}
          type="checkbox"
          className={styles.checkbox}
          checked={control.values[name] === true}
          onChange={(event) => control.setValue(name, event.target.checked)}
          required={required}
          aria-required={required || undefined}
          aria-invalid={a.error ? true : undefined}
          aria-describedby={a.describedBy}
        />
        <label htmlFor={a.id} className={styles.checkLabel}>
          {label}
          {required && <span className={styles.required}> (required)</span>}
        </label>
      </div>
      <Hint id={a.id}>{hint}</Hint>
    </div>
  );
}

export function RadioGroup<V>({
  control,
  name,
  label,
  required,
  hint,
  options,
}: TextProps<V> & { options: ReadonlyArray<{ value: string; label: string; hint?: string }> }) {
  const a = aria(control, name, hint);
  return (
    <fieldset className={styles.fieldset} aria-describedby={a.describedBy} data-invalid={a.error ? "" : undefined}>
      <legend className={styles.label}>
        {label}
        {required && <span className={styles.required}> (required)</span>}
      </legend>
      <Hint id={a.id}>{hint}</Hint>
      <ErrorText id={a.id} error={a.error} />
      {options.map((option, index) => {
        const optionId = index === 0 ? a.id : `${a.id}-${option.value}`;
        return (
          <div key={option.value} className={styles.checkRow}>
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- aria-invalid is global in WAI-ARIA 1.2, and screen readers announce it on each radio */}
            <input
              id={optionId}
              name={name}
              type="radio"
              value={option.value}
              className={styles.checkbox}
              checked={control.values[name] === option.value}
              onChange={() => control.setValue(name, option.value)}
              aria-invalid={a.error ? true : undefined}
              aria-describedby={option.hint ? `${optionId}-hint` : undefined}
            />
            <div className={styles.checkLabel}>
              <label htmlFor={optionId}>{option.label}</label>
              {option.hint && (
                <span id={`${optionId}-hint`} className={styles.optionHint}>
                  {option.hint}
                </span>
              )}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/** Hidden from people (and from assistive technology); bots that fill every field give themselves away. */
export function Honeypot({ control }: { control: FormControl<{ website: string }> }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={control.idFor("website")}>Leave this field empty</label>
      <input
        id={control.idFor("website")}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={control.values.website}
        onChange={(event) => control.setValue("website", event.target.value)}
      />
    </div>
  );
}
