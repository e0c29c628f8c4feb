import { firstErrorField, orderErrors, type FieldProblem } from "./errorOrder";
import type { FieldValue } from "./formValues";
import type { SubmitResult } from "./submitForm";

/**
 * A form's state in the browser and every way it changes, as one pure reducer (src/hooks/useForm.ts
 * runs it with useReducer and does the sending). The values are kept whatever happens: a visitor can
 * always fix or resend what they typed. An action that makes no sense where the form is (an answer
 * when nothing was sent, a second Send while sending) leaves the state as it is.
 */

/** Field -> message. */
export type FieldMessages = Readonly<Record<string, string>>;

/** What one attempt to send found wrong: the list at the top of the form, and the field focus goes to. */
export interface Found {
  /** In form order, then the fields the page lacks (the server may name any). */
  summary: readonly FieldProblem[];
  /** The first field in form order with a problem; none when only fields the page lacks have one. */
  focus: string | null;
}

export type FormPhase =
  /** Being filled in; `errors` shrinks as the visitor changes fields, `found` stays until the next attempt. */
  | { status: "editing"; errors: FieldMessages; found: Found }
  /**
   * Send was pressed: the browser's check, then the server. The last attempt's problems stay in view
   * until the check has passed, so they do not flicker when it finds them again.
   */
  | { status: "sending"; errors: FieldMessages; found: Found }
  | { status: "sent"; reference: string }
  /** Not sent (network, server, refusal): the message says why and that everything typed is still here. */
  | { status: "failed"; message: string };

export interface FormState<V> {
  values: V;
  phase: FormPhase;
  /** When the form started in this browser (performance.now()): how fast it is sent is a spam signal. */
  startedAt: number;
}

export type FormAction =
  /** The visitor changed a field: its error goes. */
  | { type: "change"; field: string; value: FieldValue }
  /** A preselection (?plan=, ?interest=): it never overrides what the visitor chose. */
  | { type: "fill-if-empty"; field: string; value: string }
  /** What the page showed when it went live: fields the visitor changed before its JavaScript ran. */
  | { type: "shown"; values: Readonly<Record<string, FieldValue>> }
  | { type: "send" }
  /** The browser's check found nothing (or could not be loaded: the server checks anyway); posting. */
  | { type: "checked" }
  /** The browser's check found these; nothing was posted. */
  | { type: "problems"; errors: FieldMessages; fieldOrder: readonly string[] }
  /** The server's answer (src/forms/submitForm.ts). */
  | { type: "answer"; result: SubmitResult; fieldOrder: readonly string[] };

const NO_ERRORS: FieldMessages = {};
const NOTHING_FOUND: Found = { summary: [], focus: null };

export function initialFormState<V>(values: V, startedAt: number): FormState<V> {
  return { values, phase: { status: "editing", errors: NO_ERRORS, found: NOTHING_FOUND }, startedAt };
}

/** The field errors on show. */
export function errorsOf(phase: FormPhase): FieldMessages {
  return phase.status === "editing" || phase.status === "sending" ? phase.errors : NO_ERRORS;
}

/** The last attempt's list of problems and where it sends focus. */
export function foundOf(phase: FormPhase): Found {
  return phase.status === "editing" || phase.status === "sending" ? phase.found : NOTHING_FOUND;
}

function without(errors: FieldMessages, field: string): FieldMessages {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

/** Back to editing, with the problems on their fields and in the list, focus sent to the first. */
function showProblems<V>(state: FormState<V>, errors: FieldMessages, fieldOrder: readonly string[]): FormState<V> {
  const found = { summary: orderErrors(errors, fieldOrder), focus: firstErrorField(errors, fieldOrder) };
  return { ...state, phase: { status: "editing", errors, found } };
}

export function formReducer<V extends Readonly<Record<string, FieldValue>>>(state: FormState<V>, action: FormAction): FormState<V> {
  const { values, phase } = state;
  // Once sent, the form is replaced by its success message: nothing changes it any more.
  if (phase.status === "sent") return state;
  switch (action.type) {
    case "change": {
      const changed = { ...state, values: { ...values, [action.field]: action.value } };
      if (phase.status === "failed") return changed;
      return { ...changed, phase: { ...phase, errors: without(phase.errors, action.field) } };
    }
    case "fill-if-empty":
      return values[action.field] ? state : { ...state, values: { ...values, [action.field]: action.value } };
    case "shown": {
      const shown = Object.entries(action.values).filter(
        ([field, value]) => field in values && typeof value === typeof values[field] && value !== values[field],
      );
      return shown.length === 0 ? state : { ...state, values: { ...values, ...Object.fromEntries(shown) } };
    }
    case "send":
      if (phase.status === "editing") return { ...state, phase: { ...phase, status: "sending" } };
      if (phase.status === "failed") return { ...state, phase: { status: "sending", errors: NO_ERRORS, found: NOTHING_FOUND } };
      return state;
  }
  // The rest are answers to a Send: they mean something only while sending.
  if (phase.status !== "sending") return state;
  switch (action.type) {
    case "checked":
      return { ...state, phase: { status: "sending", errors: NO_ERRORS, found: NOTHING_FOUND } };
    case "problems":
      return showProblems(state, action.errors, action.fieldOrder);
    case "answer": {
      const { result, fieldOrder } = action;
      switch (result.kind) {
        case "sent":
          return { ...state, phase: { status: "sent", reference: result.reference } };
        case "field-errors":
          return showProblems(state, result.errors, fieldOrder);
        case "conflict":
          return showProblems(state, { [result.field]: result.message }, fieldOrder);
        case "failed":
          return { ...state, phase: { status: "failed", message: result.message } };
      }
    }
  }
}
