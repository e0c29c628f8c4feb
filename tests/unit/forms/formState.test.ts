import fc from "fast-check";
import {
  errorsOf,
  formReducer,
  foundOf,
  initialFormState,
  type FormAction,
  type FormPhase,
  type FormState,
} from "../../../src/forms/formState";
import { NETWORK_FAILURE } from "../../../src/forms/submitForm";

/** A contact form's values, as the page holds them. */
type Values = { name: string; email: string; interest: string; subscribe: boolean; website: string };
const EMPTY: Values = { name: "", email: "", interest: "", subscribe: false, website: "" };
const ORDER = ["name", "email", "interest", "subscribe"];

const run = (state: FormState<Values>, ...actions: FormAction[]) => actions.reduce(formReducer<Values>, state);
const start = (values: Partial<Values> = {}) => initialFormState<Values>({ ...EMPTY, ...values }, 1234);

const send: FormAction = { type: "send" };
const checked: FormAction = { type: "checked" };
const problems = (errors: Record<string, string>): FormAction => ({ type: "problems", errors, fieldOrder: ORDER });
const sentAnswer: FormAction = { type: "answer", result: { kind: "sent", reference: "C-0123456789", answer: {} }, fieldOrder: ORDER };
const failedAnswer: FormAction = {
  type: "answer",
  result: { kind: "failed", reason: "network", message: NETWORK_FAILURE },
  fieldOrder: ORDER,
};
const fieldErrorsAnswer = (errors: Record<string, string>): FormAction => ({
  type: "answer",
  result: { kind: "field-errors", errors },
  fieldOrder: ORDER,
});

/** One state in each phase, reached the way a visitor reaches it. */
const filled = run(start(), { type: "change", field: "name", value: "Ana" });
const phases = {
  editing: filled,
  editingWithProblems: run(filled, send, problems({ email: "Enter your email address" })),
  checking: run(filled, send),
  posting: run(filled, send, checked),
  sent: run(filled, send, checked, sentAnswer),
  failed: run(filled, send, checked, failedAnswer),
};

describe("the form's state", () => {
  test("starts empty, being edited, with no problems, and keeps when it started", () => {
    const state = start();
    expect(state).toEqual({
      values: EMPTY,
      phase: { status: "editing", errors: {}, found: { summary: [], focus: null } },
      startedAt: 1234,
    });
  });

  test("a visitor sends, the check passes, the server stores it", () => {
    const checking = run(filled, send);
    expect(checking.phase.status).toBe("sending");
    const posting = run(checking, checked);
    expect(posting.phase).toEqual({ status: "sending", errors: {}, found: { summary: [], focus: null } });
    const sent = run(posting, sentAnswer);
    expect(sent.phase).toEqual({ status: "sent", reference: "C-0123456789" });
    expect(sent.values).toEqual({ ...EMPTY, name: "Ana" });
  });

  test("the check's problems: back to editing, listed in form order, focus on the first field in that order", () => {
    const state = run(
      filled,
      send,
      problems({ interest: "Choose a topic", unknown: "Not a field here", email: "Enter your email address" }),
    );
    expect(state.phase).toEqual({
      status: "editing",
      errors: { interest: "Choose a topic", unknown: "Not a field here", email: "Enter your email address" },
      found: {
        summary: [
          { field: "email", message: "Enter your email address" },
          { field: "interest", message: "Choose a topic" },
          { field: "unknown", message: "Not a field here" },
        ],
        focus: "email",
      },
    });
  });

  test("problems only with fields the page lacks are listed, and send focus nowhere", () => {
    const state = run(filled, send, problems({ website: "Leave this field empty" }));
    expect(foundOf(state.phase)).toEqual({ summary: [{ field: "website", message: "Leave this field empty" }], focus: null });
  });

  test("each attempt that finds problems is a new one, even with the same problems (focus moves again)", () => {
    const first = phases.editingWithProblems;
    const second = run(first, send, problems({ email: "Enter your email address" }));
    expect(foundOf(second.phase)).toEqual(foundOf(first.phase));
    expect(foundOf(second.phase)).not.toBe(foundOf(first.phase));
  });

  test("the last attempt's problems stay in view while the check runs, and go once it has passed", () => {
    const checking = run(phases.editingWithProblems, send);
    expect(errorsOf(checking.phase)).toEqual({ email: "Enter your email address" });
    expect(foundOf(checking.phase)).toBe(foundOf(phases.editingWithProblems.phase));
    const posting = run(checking, checked);
    expect(errorsOf(posting.phase)).toEqual({});
    expect(foundOf(posting.phase).summary).toEqual([]);
  });

  test("changing a field clears its error only; the list stays as the attempt found it", () => {
    const withTwo = run(filled, send, problems({ name: "Too long", email: "Enter your email address" }));
    const state = run(withTwo, { type: "change", field: "name", value: "Ana Ruiz" });
    expect(state.values.name).toBe("Ana Ruiz");
    expect(errorsOf(state.phase)).toEqual({ email: "Enter your email address" });
    expect(foundOf(state.phase)).toBe(foundOf(withTwo.phase));
    expect(run(state, { type: "change", field: "subscribe", value: true }).values.subscribe).toBe(true);
  });

  test("the server's field errors (422) and a choice just taken (409) are shown like the check's", () => {
    const refused = run(phases.posting, fieldErrorsAnswer({ email: "Enter another address" }));
    expect(refused.phase).toEqual({
      status: "editing",
      errors: { email: "Enter another address" },
      found: { summary: [{ field: "email", message: "Enter another address" }], focus: "email" },
    });
    const taken = run(phases.posting, {
      type: "answer",
      result: { kind: "conflict", field: "interest", message: "That time was just taken" },
      fieldOrder: ORDER,
    });
    expect(errorsOf(taken.phase)).toEqual({ interest: "That time was just taken" });
    expect(foundOf(taken.phase).focus).toBe("interest");
  });

  test("a failure keeps the values and says why; the visitor may edit, then try again", () => {
    const failed = phases.failed;
    expect(failed.phase).toEqual({ status: "failed", message: NETWORK_FAILURE });
    expect(failed.values.name).toBe("Ana");
    const edited = run(failed, { type: "change", field: "email", value: "ana@example.com" });
    expect(edited.phase).toBe(failed.phase);
    expect(edited.values).toEqual({ ...EMPTY, name: "Ana", email: "ana@example.com" });
    const again = run(edited, send);
    expect(again.phase).toEqual({ status: "sending", errors: {}, found: { summary: [], focus: null } });
    expect(run(again, checked, sentAnswer).phase.status).toBe("sent");
  });

  test("a preselection fills an empty field only, and leaves its error alone", () => {
    const fill: FormAction = { type: "fill-if-empty", field: "interest", value: "membership" };
    expect(run(start(), fill).values.interest).toBe("membership");
    const chosen = start({ interest: "kids" });
    expect(run(chosen, fill)).toBe(chosen);
    const withError = run(filled, send, problems({ interest: "Choose a topic" }));
    expect(errorsOf(run(withError, fill).phase)).toEqual({ interest: "Choose a topic" });
  });

  test("what the page showed when it went live is taken in: only the form's fields, of the right kind, that differ", () => {
    const shown: FormAction = {
      type: "shown",
      values: { name: "Early Eve", interest: "kids", subscribe: true, day: "2026-11-24", email: true, website: "" },
    };
    const state = run(start(), shown);
    expect(state.values).toEqual({ ...EMPTY, name: "Early Eve", interest: "kids", subscribe: true });
    const nothingNew = start({ name: "Eve" });
    expect(run(nothingNew, { type: "shown", values: { name: "Eve", day: "2026-11-24" } })).toBe(nothingNew);
  });
});

describe("actions that make no sense where the form is leave it as it is", () => {
  const ignored: Array<[string, keyof typeof phases, FormAction]> = [
    // A second Send while sending: what makes a double submit impossible.
    ["Send while the check runs", "checking", send],
    ["Send while posting", "posting", send],
    // Answers when nothing is being sent (a late answer, a check that arrives after the form moved on).
    ["a passed check while editing", "editing", checked],
    ["the check's problems while editing", "editing", problems({ name: "Enter your name" })],
    ["a success while editing", "editing", sentAnswer],
    ["a failure while editing", "editing", failedAnswer],
    ["field errors while editing", "editing", fieldErrorsAnswer({ name: "Enter your name" })],
    ["a passed check while problems are shown", "editingWithProblems", checked],
    ["a success while problems are shown", "editingWithProblems", sentAnswer],
    ["a passed check after a failure", "failed", checked],
    ["the check's problems after a failure", "failed", problems({ name: "Enter your name" })],
    ["a success after a failure", "failed", sentAnswer],
    ["a second failure after a failure", "failed", failedAnswer],
  ];
  test.each(ignored)("%s", (_label, phase, action) => {
    const state = phases[phase];
    expect(formReducer(state, action)).toBe(state);
  });

  test("once sent, nothing changes the form: it has been replaced by the success message", () => {
    const sent = phases.sent;
    const actions: FormAction[] = [
      send,
      checked,
      problems({ name: "Enter your name" }),
      sentAnswer,
      failedAnswer,
      { type: "change", field: "name", value: "Other" },
      { type: "fill-if-empty", field: "interest", value: "kids" },
      { type: "shown", values: { name: "Other" } },
    ];
    for (const action of actions) expect(formReducer(sent, action)).toBe(sent);
  });
});

describe("whatever happens, what the visitor typed is kept", () => {
  const anyAction: fc.Arbitrary<FormAction> = fc.oneof(
    fc.constant(send),
    fc.constant(checked),
    fc.constant(sentAnswer),
    fc.constant(failedAnswer),
    fc.dictionary(fc.constantFrom(...ORDER, "website"), fc.string()).map(problems),
    fc.dictionary(fc.constantFrom(...ORDER), fc.string()).map(fieldErrorsAnswer),
  );
  const isPhase = (phase: FormPhase) => ["editing", "sending", "sent", "failed"].includes(phase.status);

  test("no send, check or answer, in any order, changes a value", () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 12 }), (actions) => {
        const state = run(filled, ...actions);
        expect(state.values).toBe(filled.values);
        expect(state.startedAt).toBe(filled.startedAt);
        expect(isPhase(state.phase)).toBe(true);
      }),
    );
  });
});
