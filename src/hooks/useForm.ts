import { useCallback, useContext, useMemo, useReducer, useRef, type FormEvent } from "react";
import { HeldHydration } from "./heldHydration";
import { errorsOf, formReducer, initialFormState, type FormPhase } from "../forms/formState";
import type { CheckField, FieldErrors, FieldName, FieldValue, FormValues, TextField } from "../forms/formValues";
import { PAGE_FAILURE, submitForm, type SubmitResult } from "../forms/submitForm";
import { keptVisitSource } from "../runtime/keptVisitSource";

export type { FormValues } from "../forms/formValues";
export type { FormPhase } from "../forms/formState";
export type SentResult = Extract<SubmitResult, { kind: "sent" }>;
/** The shared schema's verdict on the current values: field -> message, none when they may be sent. */
export type FormCheck<V> = (values: V) => Record<string, string>;

/** What every form's schema has: the honeypot (src/forms/schemas/fields.ts's sentAlongFields). */
export interface SpamInput {
  website?: string;
}

export interface FormControl<out V> {
  values: V;
  errors: FieldErrors<V>;
  setValue(name: TextField<V>, value: string): void;
  setValue(name: CheckField<V>, value: boolean): void;
  /** Sets a field only while it is still empty, so a preselection never overrides the visitor's choice. */
  fillIfEmpty(name: TextField<V>, value: string): void;
  idFor(name: string): string;
}

export interface UseFormOptions<V> {
  /** Prefix for element ids, unique on the page. */
  formId: string;
  /** From `apiPath()` in src/forms/endpoints.ts. */
  endpoint: string;
  initialValues: V;
  /** Field names in the order they appear, so focus goes to the first error on the page. */
  fieldOrder: ReadonlyArray<FieldName<V>>;
  /**
   * The form's check, from `import()` of its schema (src/forms/<form>/schema.ts): zod is most of a form's
   * JavaScript and only sending needs it, so it is downloaded once the visitor starts on the form.
   */
  loadCheck(): Promise<FormCheck<V>>;
  /** The JSON the endpoint expects (types converted, empty optional fields dropped). */
  toPayload(values: V): Record<string, unknown>;
  /** Told about each accepted submission (analytics). */
  onSent?(reference: string, sent: SentResult): void;
  /** Told about the field errors of a 422, just before they are shown (a booking refreshes its times). */
  onFieldErrors?(errors: Record<string, string>): void;
  /**
   * For a booking: the field a 409 (the slot was just taken) is about. Its message is shown on that
   * field, everything else the visitor typed stays, and `onConflict` runs (to offer fresh slots).
   */
  conflictField?: FieldName<V>;
  onConflict?(): void;
}

export interface UseFormResult<out V> {
  control: FormControl<V>;
  /** The endpoint the form posts to the browser's way until the page is live (or if it never is). */
  action: string;
  /** Editing (with the last attempt's problems), sending, sent (with the reference) or failed (with why). */
  phase: FormPhase;
  /** For the form element: reads back what the visitor did on the page before it went live. */
  formRef(form: HTMLFormElement | null): void;
  /** For the form element: the first focus inside it starts loading the check. */
  onFocus(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  retry(): void;
}

// Not passed as `window.fetch` itself: the browser's fetch refuses to run with another `this`.
const browserFetch = (url: string, init: RequestInit) => fetch(url, init);

/**
 * The fields a visitor changed on the page before it went live, by name. React keeps what a field
 * shows while it hydrates and sets only its default (the HTML's value attribute, checked attribute,
 * selected option or text) to what it rendered, so a field that shows something else than its
 * default was changed by the visitor, or by the inline script that applies `?interest=` (QueryChoice).
 */
function changedOnPage(form: HTMLFormElement): Record<string, FieldValue> {
  const changed: Record<string, FieldValue> = {};
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked === field.defaultChecked) continue;
      const group = form.elements.namedItem(field.name);
      changed[field.name] = field.type === "checkbox" ? field.checked : group instanceof RadioNodeList ? group.value : field.value;
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) changed[field.name] = field.value;
    } else if (field instanceof HTMLSelectElement) {
      // Without a selected attribute, a select shows its first option.
      const initial = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      if (field.value !== (initial?.value ?? "")) changed[field.name] = field.value;
    }
  }
  return changed;
}

/**
 * A form's state (src/forms/formState.ts) and its sending; reading the answer is `submitForm`'s. The
 * server's answer wins over the browser's check. `TInput` is the schema's input type (`z.input<...>`).
 */
export function useForm<TInput extends SpamInput>(options: UseFormOptions<FormValues<TInput>>): UseFormResult<FormValues<TInput>> {
  type V = FormValues<TInput>;
  const { formId, endpoint, initialValues, fieldOrder, loadCheck, toPayload, onSent, onFieldErrors, conflictField, onConflict } = options;
  // The time to fill counts from when the form appeared: a form held until used (HydrateOnUse) starts
  // its state only then, and a visitor's browser may fill it in one go (autofill) before that.
  const appearedAt = useContext(HeldHydration)?.appearedAt;
  const [{ values, phase, startedAt }, dispatch] = useReducer(formReducer<V>, initialValues, (initial) =>
    initialFormState(initial, appearedAt ?? performance.now()),
  );
  // Whether the check was asked for yet: the first focus asks, so it is usually here by the time Send
  // is pressed. Not state: nothing on the page shows it, and a state would render the whole form again
  // on the visitor's first tap.
  const checkAsked = useRef(false);
  // Set the moment Send is pressed. The rendered phase says "sending" only after React renders it,
  // and a script (or a press the browser hands over before that render) can submit twice meanwhile.
  const inFlight = useRef(false);

  const idFor = useCallback((name: string) => `${formId}-${name}`, [formId]);

  // Called when the form element is attached: as the page hydrates, or when the form is rendered in
  // the browser (then nothing differs and nothing happens).
  const formRef = useCallback((form: HTMLFormElement | null) => {
    const changed = form ? changedOnPage(form) : {};
    if (Object.keys(changed).length > 0) dispatch({ type: "shown", values: changed });
  }, []);

  // A module that cannot be loaded (offline, or a deploy replaced the file) gives no check: the server
  // checks every submission anyway and answers with the same field errors.
  const askForCheck = () => {
    checkAsked.current = true;
    return loadCheck().catch(() => null);
  };

  const attempt = async () => {
    // Asked again on each Send (import() keeps the loaded module, so that costs nothing once it is
    // here): the check is built from the newest options (today's date, the plans), and a load that
    // failed is tried again.
    const check = await askForCheck();
    const found = check ? check(values) : {};
    if (Object.keys(found).length > 0) {
      dispatch({ type: "problems", errors: found, fieldOrder });
      return;
    }
    dispatch({ type: "checked" });
    const result = await submitForm({
      endpoint,
      values: {
        ...toPayload(values),
        website: String((values as Readonly<Record<string, FieldValue>>).website ?? ""),
        elapsedMs: Math.round(performance.now() - startedAt),
        source: keptVisitSource(),
      },
      fetch: browserFetch,
      conflictField,
    });
    // The callbacks run before the field errors are shown: a booking clears the time it no longer
    // offers, and that must not also clear the time's new error.
    if (result.kind === "field-errors") onFieldErrors?.(result.errors);
    if (result.kind === "conflict") onConflict?.();
    dispatch({ type: "answer", result, fieldOrder });
    if (result.kind === "sent") onSent?.(result.reference, result);
  };

  const send = () => {
    if (inFlight.current || phase.status === "sending" || phase.status === "sent") return;
    inFlight.current = true;
    dispatch({ type: "send" });
    attempt()
      // A failure in this page's own code must not leave the form stuck on "Sending…": the visitor
      // keeps what they typed and can try again (after a success the reducer ignores this).
      .catch(() => dispatch({ type: "answer", result: { kind: "failed", reason: "page", message: PAGE_FAILURE }, fieldOrder }))
      .finally(() => {
        inFlight.current = false;
      });
  };

  const setValue = useCallback((name: string, value: FieldValue) => dispatch({ type: "change", field: name, value }), []);
  const fillIfEmpty = useCallback((name: string, value: string) => dispatch({ type: "fill-if-empty", field: name, value }), []);
  const errors = errorsOf(phase);
  const control = useMemo<FormControl<V>>(
    // The server may also name fields this form lacks; those appear in the summary only.
    () => ({ values, errors: errors as FieldErrors<V>, setValue, fillIfEmpty, idFor }),
    [values, errors, setValue, fillIfEmpty, idFor],
  );

  return {
    control,
    action: endpoint,
    phase,
    formRef,
    onFocus: () => {
      if (!checkAsked.current) void askForCheck();
    },
    onSubmit: (event) => {
      event.preventDefault();
      send();
    },
    retry: send,
  };
}
