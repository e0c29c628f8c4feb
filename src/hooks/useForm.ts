import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { firstErrorField, orderErrors, type FieldProblem } from "../forms/errorOrder";
import type { CheckField, FieldErrors, FieldName, FieldValue, FormValues, TextField } from "../forms/formValues";
import { submitForm, type SubmitResult } from "../forms/submitForm";

export type { FormValues } from "../forms/formValues";
export type FormStatus = "idle" | "sending" | "sent" | "failed";
export type SentResult = Extract<SubmitResult, { kind: "sent" }>;
/** The shared schema's verdict on the current values: field -> message, none when they may be sent. */
export type FormCheck<V> = (values: V) => Record<string, string>;

/** What every form's schema has: the honeypot (src/forms/schemas/fields.ts's spamFields). */
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
   * The form's check, from `import()` of its module in src/forms/schemas/: zod is most of a form's
   * JavaScript and only sending needs it, so it is downloaded once the visitor starts on the form.
   */
  loadCheck(): Promise<FormCheck<V>>;
  /** The JSON the endpoint expects (types converted, empty optional fields dropped). */
  toPayload(values: V): Record<string, unknown>;
  /** Told about each accepted submission (analytics). */
  onSent?(reference: string, sent: SentResult): void;
  /** Told about the field errors of a 422, after they are shown (a booking refreshes its times). */
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
  status: FormStatus;
  reference: string | null;
  failure: string | null;
  /** Errors listed in the summary at the top (as of the last attempt to send). */
  summary: FieldProblem[];
  /** For the form element: the first focus inside it starts loading the check. */
  onFocus(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  retry(): void;
}

type AnyValues = Record<string, FieldValue>;

// Not passed as `window.fetch` itself: the browser's fetch refuses to run with another `this`.
const browserFetch = (url: string, init: RequestInit) => fetch(url, init);

/** What a field shows: its text, whether it is ticked, or which of its group's radios is chosen. */
function shownValue(field: HTMLElement | null, name: string): FieldValue | undefined {
  if (field instanceof HTMLInputElement) {
    if (field.type === "checkbox") return field.checked;
    if (field.type === "radio") {
      const chosen = field.form?.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(name)}"]:checked`);
      return chosen?.value ?? "";
    }
    return field.value;
  }
  if (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) return field.value;
  return undefined;
}

/**
 * A form's state and focus; sending and reading the answer is `submitForm`'s. Values are never
 * cleared on failure: a visitor can always fix or resend what they typed. The server's answer wins
 * over the browser's check. `TInput` is the schema's input type (`z.input<...>`).
 */
export function useForm<TInput extends SpamInput>(options: UseFormOptions<FormValues<TInput>>): UseFormResult<FormValues<TInput>> {
  type V = FormValues<TInput>;
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<FieldProblem[]>([]);
  const [status, setStatus] = useState<FormStatus>("idle");
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new object for each attempt, so a second failure on the same field moves focus again.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  const startedAt = useRef(0);
  // The first focus starts loading the check; each press of Send asks for it again (import() keeps
  // the loaded module, so that costs nothing once it is here), which gives a check built from the
  // newest options (today's date, the plans) and retries a load that failed. A module that cannot be
  // loaded (offline, or a deploy replaced the file) gives no check: the server checks every
  // submission anyway and answers with the same field errors.
  const checkRequested = useRef(false);
  // Set from the press of Send until the answer is handled: "sending" reaches the button only on the
  // next render, so a second press in the same moment could still send twice.
  const busy = useRef(false);
  // The callbacks are new functions on every render; sending reads the newest ones when it needs them.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    startedAt.current = performance.now();
  }, []);

  const { formId } = options;
  const idFor = useCallback((name: string) => `${formId}-${name}`, [formId]);

  // What a visitor typed or chose before the page went live is on the screen but not in the state:
  // React keeps a field's value while it hydrates. It is read back once, so nothing they did is lost
  // (and the next render does not wipe it); a form rendered in the browser matches its state already.
  useEffect(() => {
    const typed: Record<string, FieldValue> = {};
    for (const [name, initial] of Object.entries(latest.current.initialValues as AnyValues)) {
      const value = shownValue(document.getElementById(idFor(name)), name);
      if (value !== undefined && value !== initial) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, [idFor]);

  useEffect(() => {
    const field = focusRequest && document.getElementById(idFor(focusRequest.field));
    if (!field) return;
    // Focus the first field, but show the list of problems above it too when both fit on the screen:
    // scrolled to the field alone, the list's top links would sit half under the sticky header.
    field.focus({ preventScroll: true });
    document.getElementById(idFor("summary"))?.scrollIntoView({ block: "start" });
    if (field.getBoundingClientRect().bottom > window.innerHeight) field.scrollIntoView({ block: "nearest" });
  }, [focusRequest, idFor]);

  const showErrors = useCallback((found: Record<string, string>) => {
    const { fieldOrder } = latest.current;
    setErrors(found);
    setSummary(orderErrors(found, fieldOrder));
    const field = firstErrorField(found, fieldOrder);
    setFocusRequest(field ? { field } : null);
  }, []);

  const prepareCheck = useCallback((): Promise<FormCheck<V> | null> => {
    checkRequested.current = true;
    return latest.current.loadCheck().catch(() => null);
  }, []);

  const attempt = useCallback(async () => {
    // The button shows "Sending…" while the check loads too, so a visitor sees the press was taken.
    setStatus("sending");
    const loaded = await prepareCheck();
    const { toPayload, endpoint, conflictField } = latest.current;
    const found = loaded ? loaded(values) : {};
    if (Object.keys(found).length > 0) {
      // A failed send's message and Retry button would otherwise stay beside the new problems.
      setFailure(null);
      setStatus("idle");
      showErrors(found);
      return;
    }
    setErrors({});
    setSummary([]);
    setFailure(null);
    setStatus("sending");
    const result = await submitForm({
      endpoint,
      values: {
        ...toPayload(values),
        website: String((values as AnyValues).website ?? ""),
        elapsedMs: Math.round(performance.now() - startedAt.current),
      },
      fetch: browserFetch,
      conflictField,
    });
    switch (result.kind) {
      case "sent":
        setReference(result.reference);
        setStatus("sent");
        latest.current.onSent?.(result.reference, result);
        return;
      case "field-errors":
        setStatus("idle");
        latest.current.onFieldErrors?.(result.errors);
        showErrors(result.errors);
        return;
      case "conflict":
        setStatus("idle");
        latest.current.onConflict?.();
        showErrors({ [result.field]: result.message });
        return;
      case "failed":
        setStatus("failed");
        setFailure(result.message);
        return;
    }
  }, [values, prepareCheck, showErrors]);

  const send = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await attempt();
    } finally {
      busy.current = false;
    }
  }, [attempt]);

  const setValue = useCallback((name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const fillIfEmpty = useCallback((name: string, value: string) => {
    setValues((current) => ((current as AnyValues)[name] ? current : { ...current, [name]: value }));
  }, []);

  const control = useMemo<FormControl<V>>(
    // The server may also name fields this form lacks; those appear in the summary only.
    () => ({ values, errors: errors as FieldErrors<V>, setValue, fillIfEmpty, idFor }),
    [values, errors, setValue, fillIfEmpty, idFor],
  );

  const onFocus = useCallback(() => {
    if (!checkRequested.current) void prepareCheck();
  }, [prepareCheck]);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void send();
    },
    [send],
  );
  const retry = useCallback(() => {
    void send();
  }, [send]);

  return { control, status, reference, failure, summary, onFocus, onSubmit, retry };
}
