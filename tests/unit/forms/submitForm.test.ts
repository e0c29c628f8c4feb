/**
 * @jest-environment node
 */
import { firstErrorField, orderErrors } from "../../../src/forms/errorOrder";
import { NETWORK_FAILURE, SERVER_FAILURE, submitForm, type Fetch, type SubmitRequest } from "../../../src/forms/submitForm";

const STILL_HERE = "Everything you typed is still here.";

/** A server that answers every request with `answer`, remembering what it was sent. */
function server(answer: () => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, init });
    return answer();
  };
  return { fetch, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const html = (status: number) => () =>
  new Response("<!doctype html><h1>Bad gateway</h1>", { status, headers: { "Content-Type": "text/html" } });

const values = { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Hello", website: "", elapsedMs: 5200 };

function send(answer: () => Response, extra: Partial<SubmitRequest> = {}) {
  const { fetch } = server(answer);
  return submitForm({ endpoint: "/api/contact", values, fetch, ...extra });
}

describe("submitForm", () => {
  test("posts the values as JSON to the endpoint and returns the server's reference", async () => {
    const { fetch, calls } = server(json(201, { id: "C-0123456789" }));
    await expect(submitForm({ endpoint: "/api/contact", values, fetch })).resolves.toEqual({
      kind: "sent",
      reference: "C-0123456789",
      answer: { id: "C-0123456789" },
    });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe("/api/contact");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", Accept: "application/json" });
    expect(JSON.parse(String(init.body))).toEqual(values);
  });

  test("calls fetch as a plain function, as the browser's fetch requires", async () => {
    let receiver: unknown = "not called";
    const fetch: Fetch = function (this: unknown) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the test records what fetch was called on
      receiver = this;
      return Promise.resolve(new Response(JSON.stringify({ id: "C-1" }), { status: 201 }));
    };
    await submitForm({ endpoint: "/api/contact", values, fetch });
    expect(receiver).toBeUndefined();
  });

  test("a booking's answer says whether a confirmation e-mail is on its way, and carries the rest whole", async () => {
    const booked = { day: "Tuesday, December 1", time: "5:30 PM", coach: "Marcus" };
    await expect(send(json(201, { id: "B-1", confirmation: true, booked }))).resolves.toEqual({
      kind: "sent",
      reference: "B-1",
      confirmation: true,
      answer: { id: "B-1", confirmation: true, booked },
    });
    await expect(send(json(201, { id: "B-2", confirmation: false, held: true }))).resolves.toEqual({
      kind: "sent",
      reference: "B-2",
      confirmation: false,
      answer: { id: "B-2", confirmation: false, held: true },
    });
  });

  test("a 422 maps the server's messages to the fields they name", async () => {
    const answer = json(422, {
      errors: { email: "Enter an email address like name@example.com", interest: "Choose what your message is about" },
    });
    await expect(send(answer)).resolves.toEqual({
      kind: "field-errors",
      errors: { email: "Enter an email address like name@example.com", interest: "Choose what your message is about" },
    });
    // Only messages count; anything else in the object is not shown to the visitor.
    await expect(send(json(422, { errors: { name: "Enter your name", phone: 42 } }))).resolves.toEqual({
      kind: "field-errors",
      errors: { name: "Enter your name" },
    });
  });

  test("a 422 without field errors (sent too fast) shows the server's message and keeps the values", async () => {
    const error = "That was quicker than we expected. Please check your details and press the button again.";
    await expect(send(json(422, { error }))).resolves.toEqual({ kind: "failed", reason: "refused", message: `${error} ${STILL_HERE}` });
    await expect(send(json(422, { errors: {} }))).resolves.toEqual({
      kind: "failed",
      reason: "refused",
      message: `Your form could not be sent. ${STILL_HERE}`,
    });
  });

  test("a 409 on a booking is a message on the chosen time", async () => {
    const error = "Sorry, someone has just booked that time. Please choose another one.";
    await expect(send(json(409, { error }), { conflictField: "start" })).resolves.toEqual({
      kind: "conflict",
      field: "start",
      message: error,
    });
    await expect(send(json(409, {}), { conflictField: "start" })).resolves.toEqual({
      kind: "conflict",
      field: "start",
      message: "That choice was just taken. Please choose again.",
    });
  });

  test("a 409 on a form without a conflict field is a refusal with the server's message", async () => {
    await expect(send(json(409, { error: "Already sent." }))).resolves.toEqual({
      kind: "failed",
      reason: "refused",
      message: `Already sent. ${STILL_HERE}`,
    });
  });

  test("a 429 says when to try again", async () => {
    const error = "This form is getting more messages than usual. Please wait a minute and try again, or call us.";
    await expect(send(json(429, { error }, { "Retry-After": "42" }))).resolves.toEqual({
      kind: "failed",
      reason: "rate-limited",
      message: `${error} You can try again in 42 seconds. ${STILL_HERE}`,
    });
    await expect(send(json(429, {}))).resolves.toEqual({
      kind: "failed",
      reason: "rate-limited",
      message: `Too many forms were sent from your connection. ${STILL_HERE}`,
    });
  });

  test.each([500, 502, 503])("a %i is our website's problem, whatever its body says", async (status) => {
    await expect(send(json(status, { error: "down" }))).resolves.toEqual({ kind: "failed", reason: "server", message: SERVER_FAILURE });
  });

  test("an answer that is not JSON is read as an answer without details", async () => {
    await expect(send(html(502))).resolves.toEqual({ kind: "failed", reason: "server", message: SERVER_FAILURE });
    await expect(send(html(201))).resolves.toEqual({
      kind: "failed",
      reason: "refused",
      message: `Your form could not be sent. ${STILL_HERE}`,
    });
    await expect(send(html(422))).resolves.toEqual({
      kind: "failed",
      reason: "refused",
      message: `Your form could not be sent. ${STILL_HERE}`,
    });
    await expect(send(json(201, null))).resolves.toEqual({
      kind: "failed",
      reason: "refused",
      message: `Your form could not be sent. ${STILL_HERE}`,
    });
    await expect(send(json(201, ["C-1"]))).resolves.toMatchObject({ kind: "failed", reason: "refused" });
  });

  test("a connection that fails is a network failure", async () => {
    const fetch: Fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(submitForm({ endpoint: "/api/contact", values, fetch })).resolves.toEqual({
      kind: "failed",
      reason: "network",
      message: NETWORK_FAILURE,
    });
    expect(NETWORK_FAILURE).toContain("the connection to our website failed");
    expect(NETWORK_FAILURE).toContain(STILL_HERE);
  });
});

describe("which field gets focus", () => {
  const order = ["name", "email", "phone", "interest", "message"];

  test("the first field in the form's order that has an error, not the first the server named", () => {
    const errors = { message: "Enter your message", email: "Enter your email address" };
    expect(firstErrorField(errors, order)).toBe("email");
    expect(orderErrors(errors, order).map((problem) => problem.field)).toEqual(["email", "message"]);
  });

  test("fields the form does not list are summarized last and never focused", () => {
    const errors = { form: "This form could not be read.", website: "Leave this field empty", phone: "Enter a 10-digit phone number" };
    expect(firstErrorField(errors, order)).toBe("phone");
    expect(orderErrors(errors, order)).toEqual([
      { field: "phone", message: "Enter a 10-digit phone number" },
      { field: "form", message: "This form could not be read." },
      { field: "website", message: "Leave this field empty" },
    ]);
    expect(firstErrorField({ website: "Leave this field empty" }, order)).toBeNull();
    expect(firstErrorField({}, order)).toBeNull();
  });
});
