import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import bytes from "bytes";
import type { ZodType } from "zod";
import { config as functionConfig } from "../../../server-options/formFunction";
import { cleanSource } from "../../forms/visitSource";
import { zonedToday } from "../../content/dates";
import type { FormName } from "../../forms/registry";
import { fieldErrors, spamReason } from "../../forms/schemas/fields";
import type { IntroSlot } from "../../intro/availability";
import { clientAddress, rateLimitKey } from "../http/clientAddress";
import { site } from "../content";
import type { Rejection } from "../http/guards";
import { apiHeaders, limitRefusal, publicPost, refuse, type Runtime, seeOther, sendPage, storeUnavailable } from "../http/pipeline";
import { isReferenceOf, newReference } from "./ids";
import { confirmationPage, problemsPage, type OpenTimesShown, type Problems } from "./answerPage";
import { SLOTS_UNAVAILABLE } from "../intro/slots";
import { fingerprintOf, isFormPost, valuesFromPost } from "./formPost";
import type { FieldValue } from "../../forms/formValues";
import type { SentWords } from "../../forms/sentWords";
import { apiPath } from "../../forms/endpoints";
import { errorSummary } from "../log";
import { hitFormCeiling, type LimitResult, returnBookingPoint, takeBookingPoint } from "../http/rateLimit";
import { processState } from "../process/state";
import { type InsertResult, type NewSubmission, SENT_PAGE_MS, type SubmissionOperations } from "./types";
import type { WaiverText } from "../waiver";
import type { StoredSubmission } from "../store/submission";
import { hashToken, isToken, newToken } from "../staff/auth";
import { openTimesChanged, openTimesPage } from "../intro/timesPage";
import { isAlreadyBooked, isSlotTaken } from "../intro/types";
import { mailEnabled, serverNow, webhookEnabled } from "../process/settings";

/**
 * How a form sent without JavaScript is read and answered (formPost.ts, answerPage.ts): the same fields
 * and payload as the browser's form state (src/forms/values/), its page, and its confirmation's words.
 */
export interface PlainForm {
  /** The built page the form is on ("/contact/"): the answers are made from it. */
  page: string;
  /** Every field of the form's state, with its empty value (a check box's is false). */
  start: Readonly<Record<string, FieldValue>>;
  fieldOrder: readonly string[];
  payload(values: Readonly<Record<string, FieldValue>>): Record<string, unknown>;
  /** For a form that books a time: the open times its page shows (it has none built in). */
  times?(): Promise<OpenTimesShown>;
  /**
   * The confirmation's words (src/forms/sent/<form>.ts), from the fields as stored when the page's key
   * opened the submission; without them (a wrong or expired key) words true of any send of the form.
   */
  sent(stored: Readonly<Record<string, unknown>> | undefined, today: string): SentWords;
}

export interface FormDefinition {
  form: FormName;
  /** Read and answered without JavaScript too. */
  plain?: PlainForm;
  /** The form's schema for a given date at the gym (date rules depend on "today"). */
  schema(today: string): ZodType<Record<string, unknown> & { website?: string; elapsedMs?: number; source?: unknown }>;
  /**
   * For a booking form: the slots the submission asks for, in order of preference (one per coach free
   * at that time). Empty when the time is not offered; the first one still free is booked.
   */
  bookable?(data: Record<string, unknown>, now: Date): readonly IntroSlot[];
  /** For a form the visitor signs the waiver on: the waiver its schema checks the version of, kept as evidence. */
  waiver?: WaiverText;
}

/** The store could not give the open times: the page is answered 503, and not kept. */
class TimesUnavailable extends Error {
  constructor(cause: unknown) {
    super("the open times could not be read", { cause });
    this.name = "TimesUnavailable";
  }
}

export const NOT_OFFERED = "That time is no longer open for booking. Choose one of the times shown.";
export const JUST_TAKEN = "Sorry, someone has just booked that time. Please choose another one.";
/** Kept with a request from an address that already has an upcoming intro, for the staff who read it. */
export const ALREADY_BOOKED_NOTE = "This address already had an upcoming free intro, so this time was not booked.";
const BOOKED_ENOUGH = "This connection has booked several free intros today. Please call us to book another.";
// A real person gets the form back with this and sends it again; only the silent answer is for bots.
const TOO_FAST = "That was quicker than we expected. Please check your details and press the button again.";

const COULD_NOT_SAVE = "We could not save your form just now, so it was not sent. Please try again in a minute, or call us.";

const FORM_BODY_LIMIT = bytes.parse(functionConfig.bodyParser.json.limit) ?? 16 * 1024;

const TOO_MANY: Record<Exclude<LimitResult, { allowed: true }>["scope"], string> = {
  client: "Too many forms sent from your connection. Please wait a minute and try again.",
  form: "This form is getting more messages than usual. Please wait a minute and try again, or call us.",
};

/**
 * Takes one of the connection's free-intro bookings for today, before the booking is tried: "taken",
 * "refused" when they are used up, or "uncounted" when the store cannot count (the booking then fails
 * the same way, or goes ahead: a visitor is never refused for our fault).
 */
async function takeBooking(runtime: Runtime<unknown>, key: string): Promise<"taken" | "refused" | "uncounted"> {
  try {
    return (await takeBookingPoint(await runtime.limits(), key)) ? "taken" : "refused";
  } catch (error) {
    console.error(`Could not count a booking against the daily limit: ${errorSummary(error)}`);
    return "uncounted";
  }
}

/** Gives the point back for a booking that did not happen. Never throws. */
async function returnBooking(runtime: Runtime<unknown>, key: string): Promise<void> {
  try {
    await returnBookingPoint(await runtime.limits(), key);
  } catch (error) {
    console.error(`Could not give back a booking's daily count: ${errorSummary(error)}`);
  }
}

/**
 * The whole life of a form request: guard, validate, store, answer. Bad input always gets a 4xx that
 * says what is wrong; a 5xx only when storage itself fails, and then nothing is acknowledged. The
 * answer is sent before any e-mail is attempted and does not depend on it.
 */
export function formHandler(definition: FormDefinition, runtime: Runtime<SubmissionOperations>) {
  const what = `a ${definition.form} request`;
  const action = apiPath(definition.form);
  /**
   * Answers with the form's page (answerPage.ts); without its built page, the problems as JSON. The
   * open times' form with nothing sent yet (`kept`) is the same for everyone: made once a few seconds.
   */
  const answerWith = async (plain: PlainForm, res: GatsbyFunctionResponse, status: number, problems: Problems, kept = false) => {
    const make = async () => {
      let times: OpenTimesShown | undefined;
      if (plain.times) times = await plain.times().catch((error: unknown) => Promise.reject(new TimesUnavailable(error)));
      return problemsPage(plain.page, action, { ...problems, times });
    };
    try {
      sendPage(res, status, await (kept ? openTimesPage(make) : make()));
    } catch (error) {
      // Named, not instanceof: a page being made may be another function bundle's (timesPage.ts).
      if (error instanceof Error && error.name === TimesUnavailable.name) {
        console.error(`Could not read the open times for a page: ${errorSummary(error.cause)}`);
        return refuse(res, storeUnavailable(SLOTS_UNAVAILABLE));
      }
      // Without its built page (a host that did not ship it) the visitor still hears what is wrong.
      console.error(`Could not make the ${definition.form} form's page: ${errorSummary(error)}`);
      refuse(res, { status, error: problems.failure ?? (Object.values(problems.errors).join(" ") || "Please try again, or call us.") });
    }
  };
  return async function handle(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const { plain } = definition;
    if (plain && req.method === "GET" && typeof req.query?.sent === "string") return sentPage(runtime, definition.form, plain, req, res);
    // The free intro's form with its open times, for a visitor without JavaScript (the page links here).
    if (plain?.times && (req.method === "GET" || req.method === "HEAD")) {
      apiHeaders(res, { noindex: true });
      return answerWith(plain, res, 200, { values: plain.start, errors: {}, fieldOrder: plain.fieldOrder }, true);
    }
    // A form the browser posted itself: read as the page's script would have sent it, answered with pages.
    const values = plain && req.method === "POST" && isFormPost(req.headers) ? valuesFromPost(req.body, plain.start) : undefined;
    const answerPage = async (status: number, errors: Record<string, string>, failure?: string) => {
      if (plain && values) await answerWith(plain, res, status, { values, errors, fieldOrder: plain.fieldOrder, failure });
    };
    const reject = (rejection: Rejection) => {
      if (!values) return refuse(res, rejection);
      for (const [name, value] of Object.entries(rejection.headers ?? {})) res.setHeader(name, value);
      return answerPage(rejection.status, {}, rejection.error);
    };
    const problems = async (errors: Record<string, string>) => {
      if (values) return answerPage(422, errors);
      res.status(422).json({ errors });
    };
    // A page only for what a visitor can meet (too many sends); a cross-site post, a wrong method or type
    // gets the plain refusal, never this site's page with the values it sent.
    const post = await publicPost(runtime, req, res, {
      limit: definition.form,
      what,
      tooMany: TOO_MANY.client,
      formPosts: plain !== undefined,
      refuse: values && ((rejection) => (rejection.status === 429 ? reject(rejection) : refuse(res, rejection))),
    });
    if (!post) return;
    const { request, config } = post;
    const body = plain && values ? { ...plain.payload(values), website: values.website } : post.body;
    // Gatsby's function wrapper skips a body over the limit and runs the function without one.
    if (req.body === undefined && Number(req.headers["content-length"] ?? 0) > FORM_BODY_LIMIT) {
      return reject({ status: 413, error: "This form is too large. Please shorten your message and send it again." });
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return reject({ status: 400, error: "Send the form's fields as a JSON object." });
    }

    const now = serverNow();
    const today = zonedToday(now, site.timeZone).date;
    let parsed: ReturnType<ReturnType<FormDefinition["schema"]>["safeParse"]>;
    try {
      parsed = definition.schema(today).safeParse(body);
    } catch (error) {
      // A rule that throws is a bug in our code, not the visitor's; they still get a 4xx, never a 5xx.
      console.error(`Validating a ${definition.form} submission threw: ${errorSummary(error)}`);
      return reject({ status: 400, error: "This form could not be read. Please check every field and send it again." });
    }
    if (!parsed.success) return problems(fieldErrors(parsed.error));
    const { website: _website, elapsedMs: _elapsed, source: sent, ...payload } = parsed.data;
    // Kept beside the submission, not in its fields (lead_sources): a form sent without script has none.
    const source = cleanSource(sent);
    const spam = spamReason(parsed.data, { timed: !values });
    const offered = definition.bookable?.(parsed.data, now);
    if (offered && offered.length === 0) return problems({ start: NOT_OFFERED });
    if (offered && spam === "too-fast") return reject({ status: 422, error: TOO_FAST });
    // Only what passed every check counts against the form's ceiling, so junk cannot lock a form for
    // everyone; a privacy request is the visitor's right under the law and is never refused by it.
    if (!spam && definition.form !== "privacy-request") {
      const ceiling = await limitRefusal(
        runtime,
        what,
        (limits) => hitFormCeiling(limits, definition.form),
        (scope) => TOO_MANY[scope],
      );
      if (ceiling) return reject(ceiling);
    }
    // A whole home's IPv6 block (/56) counts as one connection here: the times are few.
    const bookingKey = rateLimitKey(clientAddress(request, config.trustProxy), 56);
    const point = offered && !spam ? await takeBooking(runtime, bookingKey) : "uncounted";
    if (point === "refused") return reject({ status: 429, error: BOOKED_ENOUGH });
    // Once at most: a request that met an address's booking and then a store failure gives back one point.
    let pointHeld = point === "taken";
    const notBooked = async () => {
      if (!pointHeld) return;
      pointHeld = false;
      await returnBooking(runtime, bookingKey);
    };
    const id = newReference(definition.form);
    // Only the sender's page holds the key that shows what was stored (sentPage).
    const sentKey = values && newToken();
    const notify = mailEnabled(config);
    const webhook = webhookEnabled(config);
    const waiver = definition.waiver && { waiver: { version: definition.waiver.version, text: definition.waiver.text } };
    const store = async (fields: Record<string, unknown>, extra: Partial<NewSubmission> = {}): Promise<InsertResult> =>
      (await runtime.store()).insert({
        id,
        form: definition.form,
        createdAt: now,
        payload: fields,
        spam,
        notify,
        webhook,
        ...waiver,
        ...(sentKey && { fingerprint: fingerprintOf(definition.form, fields, post.clientKey), sentKeyHash: hashToken(sentKey) }),
        ...(source && { source }),
        ...extra,
      });
    const unavailable = async (error: unknown) => {
      console.error(`Could not store a ${definition.form} submission: ${errorSummary(error)}`);
      await notBooked();
      await reject(storeUnavailable(COULD_NOT_SAVE));
    };
    const accepted = async ({ repeatOf }: InsertResult) => {
      // The same send again booked nothing: its point goes back.
      if (repeatOf) await notBooked();
      if (offered) openTimesChanged();
      // Spam gets the same answer as a real submission, so bots learn nothing; it is kept out of the staff list.
      // The answer's shape and words never depend on what the address holds: whether it had an intro, or
      // was mailed about one within the hour (the store then queues no mail), is told only to the
      // address itself, by e-mail. `confirmation` says that this server e-mails visitors at all.
      if (plain && sentKey) {
        seeOther(res, `${action}?${new URLSearchParams({ sent: repeatOf ?? id, key: sentKey }).toString()}`);
      } else res.status(201).json(offered ? { id, confirmation: notify } : { id });
      if (!spam && !repeatOf) runtime.kick();
    };

    // Spam takes no slot; a real booking tries each free coach in turn, and the database says who got it.
    const attempts: ReadonlyArray<IntroSlot | undefined> = offered && !spam ? offered : [undefined];
    for (const slot of attempts) {
      let stored: InsertResult;
      const email = String(payload.email);
      try {
        stored = await store(
          slot ? { ...payload, end: slot.end, coach: slot.coach } : payload,
          slot && {
            booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email },
            confirm: notify,
          },
        );
      } catch (error) {
        if (isSlotTaken(error)) continue;
        if (!isAlreadyBooked(error)) return unavailable(error);
        // One upcoming intro per address, and the answer must not tell whether an address has one: the
        // request is kept for staff, unbooked, and answered as a booking is, in words true of both
        // (src/components/intro/IntroBooking.tsx). The address itself is mailed the booking it holds.
        await notBooked();
        try {
          stored = await store({ ...payload, note: ALREADY_BOOKED_NOTE }, { alreadyBooked: { email }, confirm: notify });
        } catch (again) {
          return unavailable(again);
        }
        return accepted(stored);
      }
      return accepted(stored);
    }
    await notBooked();
    // Another process booked it: a list kept here may still offer it.
    openTimesChanged();
    if (values) return answerPage(409, { start: JUST_TAKEN });
    res.status(409).json({ error: JUST_TAKEN });
  };
}

/**
 * The confirmation without a key's words is the same for every request of a form on a day, and anyone
 * may ask for it without limit: made once a day (about 7 ms of CPU), it costs what a static page does.
 * On processState, as `gatsby serve` loads a function's module afresh for each request.
 */
function genericSentPage(form: FormName, today: string, make: () => string): string {
  const state = processState();
  if (state.sentPages?.day !== today) state.sentPages = { day: today, pages: new Map() };
  let page = state.sentPages.pages.get(form);
  if (page === undefined) {
    page = make();
    state.sentPages.pages.set(form, page);
  }
  return page;
}

/**
 * GET <endpoint>?sent=<reference>&key=<key>: where a form sent without JavaScript is redirected once
 * stored (so a reload does not send it again). Its words come from the stored submission, which only
 * the key made for that send opens, for SENT_PAGE_MS; nothing else in the address is read. Without it
 * (a wrong or old key, an address typed in) the page has words true of any send of the form and no
 * reference: it tells nothing of any submission.
 */
async function sentPage(
  runtime: Runtime<SubmissionOperations>,
  form: FormName,
  plain: PlainForm,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): Promise<void> {
  apiHeaders(res, { noindex: true });
  const { sent: reference, key } = req.query;
  if (!reference || !isReferenceOf(form, reference)) {
    return refuse(res, { status: 404, error: "There is no such reference." });
  }
  const now = serverNow();
  let stored: StoredSubmission | undefined;
  if (isToken(key)) {
    try {
      stored = await (await runtime.store()).sentWithKey(reference, hashToken(key), new Date(now.getTime() - SENT_PAGE_MS));
    } catch (error) {
      // It was stored (the visitor was redirected here only then): the words true of any send still hold.
      console.error(`Could not read a form's confirmation: ${errorSummary(error)}`);
    }
  }
  const today = zonedToday(now, site.timeZone).date;
  try {
    const page = stored
      ? confirmationPage(plain.page, apiPath(form), plain.sent(stored.payload, today), stored.id)
      : genericSentPage(form, today, () => confirmationPage(plain.page, apiPath(form), plain.sent(undefined, today), undefined));
    sendPage(res, 200, page, "strict-origin");
  } catch (error) {
    console.error(`Could not make a form's confirmation page: ${errorSummary(error)}`);
    res.status(200).json(stored ? { id: stored.id } : {});
  }
}
