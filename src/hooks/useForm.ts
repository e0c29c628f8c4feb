import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FormStatus = "idle" | "sending" | "sent" | "failed";

export interface FormControl {
  values: FormValues;
  errors: Record<string, string>;
  setValue(name: string, value: FormValue): void;
  idFor(name: string): string;
}

export interface UseFormOptions {
  /** Prefix for element ids, unique on the page. */
  formId: string;
  endpoint: string;
  initialValues: FormValues;
  /** Field names in the order they appear, so focus goes to the first error on the page. */
  fieldOrder: readonly string[];
  /** The shared schema's verdict on the current values: field -> message. */
  validate(values: FormValues): Record<string, string>;
  /** The JSON the endpoint expects (types converted, empty optional fields dropped). */
  toPayload(values: FormValues): Record<string, unknown>;
  /** Told about each accepted submission (analytics), with the server's whole answer. */
  onSent?(reference: string, answer: Record<string, unknown>): void;
  /** Told about the field errors of a 422, after they are shown (a booking refreshes its times). */
  onFieldErrors?(errors: Record<string, string>): void;
  /**
   * For a booking: the field a 409 (the slot was just taken) is about. Its message is shown on that
   * field, everything else the visitor typed stays, and `onConflict` runs (to offer fresh slots).
   */
  conflictField?: string;
  onConflict?(): void;
}

export interface UseFormResult {
  control: FormControl;
  status: FormStatus;
  reference: string | null;
  failure: string | null;
  /** Errors listed in the summary at the top (as of the last attempt to send). */
  summary: Array<{ field: string; message: string }>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  retry(): void;
}

const NETWORK_FAILURE =
  "Your form could not be sent: the connection to our website failed. Everything you typed is still here. Check your connection and try again.";
const SERVER_FAILURE =
  "Your form could not be sent because our website had a problem. Everything you typed is still here. Try again in a minute, or call us.";

function orderErrors(errors: Record<string, string>, order: readonly string[]) {
  const known = order.filter((field) => errors[field]).map((field) => ({ field, message: errors[field] as string }));
  const others = Object.keys(errors)
    .filter((field) => !order.includes(field))
    .map((field) => ({ field, message: errors[field] as string }));
  return [...known, ...others];
}

/**
 * A form's state and its conversation with the server. Values are never cleared on failure: a
 * visitor can always fix or resend what they typed. The server's answer wins over the browser's check.
 */
export function useForm(options: UseFormOptions): UseFormResult {
  const [values, setValues] = useState<FormValues>(options.initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<FormStatus>("idle");
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const startedAt = useRef<number>(0);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    startedAt.current = performance.now();
  }, []);

  const idFor = useCallback((name: string) => `${latest.current.formId}-${name}`, []);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = orderErrors(errors, latest.current.fieldOrder)[0];
    const field = first && document.getElementById(idFor(first.field));
    if (!field) return;
    // Focus the first field, but show the list of problems above it too when both fit on the screen:
    // scrolled to the field alone, the list's top links would sit half under the sticky header.
    field.focus({ preventScroll: true });
    document.getElementById(idFor("summary"))?.scrollIntoView({ block: "start" });
    if (field.getBoundingClientRect().bottom > window.innerHeight) field.scrollIntoView({ block: "nearest" });
    // Only a new request moves focus, not every change of errors while the visitor types.
  }, [focusRequest]);

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    setSummary(orderErrors(found, latest.current.fieldOrder));
    setFocusRequest((n) => n + 1);
  };

  const send = async () => {
    const found = latest.current.validate(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSummary([]);
    setFailure(null);
    setStatus("sending");
    const payload = {
      ...latest.current.toPayload(values),
      website: String(values.website ?? ""),
      elapsedMs: Math.round(performance.now() - startedAt.current),
    };
    let response: Response;
    try {
      response = await fetch(latest.current.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      });
    } catch {
      setStatus("failed");
      setFailure(NETWORK_FAILURE);
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { id?: string; errors?: Record<string, string>; error?: string };
    if (response.status === 201 && body.id) {
      setReference(body.id);
      setStatus("sent");
      latest.current.onSent?.(body.id, body);
      return;
    }
    if (response.status === 422 && body.errors) {
      setStatus("idle");
      latest.current.onFieldErrors?.(body.errors);
      showErrors(body.errors);
      return;
    }
    const { conflictField, onConflict } = latest.current;
    if (response.status === 409 && conflictField) {
      setStatus("idle");
      onConflict?.();
      showErrors({ [conflictField]: body.error ?? "That choice was just taken. Please choose again." });
      return;
    }
    setStatus("failed");
    if (response.status === 429) {
      const wait = response.headers.get("Retry-After");
      setFailure(`${body.error ?? "Too many forms were sent from your connection."}${wait ? ` You can try again in ${wait} seconds.` : ""} Everything you typed is still here.`);
    } else if (response.status >= 500) {
      setFailure(SERVER_FAILURE);
    } else {
      setFailure(`${body.error ?? "Your form could not be sent."} Everything you typed is still here.`);
    }
  };

  return {
    control: {
      values,
      errors,
      idFor,
      setValue(name, value) {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => {
          if (!(name in current)) return current;
          const { [name]: _removed, ...rest } = current;
          return rest;
        });
      },
    },
    status,
    reference,
    failure,
    summary,
    onSubmit(event) {
      event.preventDefault();
      if (status !== "sending") void send();
    },
    retry() {
      if (status !== "sending") void send();
    },
  };
}
