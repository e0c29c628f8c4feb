import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import bytes from "bytes";
import { config as functionConfig } from "../../../server-options/formFunction";
import { cleanSource } from "../../forms/visitSource";
import { fieldErrors, spamReason } from "../../forms/schemas/fields";
import type { FieldValue } from "../../forms/formValues";
import { apiPath } from "../../forms/endpoints";
import { SENT_MESSAGE_ID } from "../../forms/sentWords";
import { offersTexts, type FormName } from "../../forms/registry";
import { site } from "../content";
import { consentPage, currentTextConsent } from "../texts/consent";
import { clientAddress } from "../http/clientAddress";
import {
  apiHeaders,
  guardPublicPost,
  limitRefusal,
  type PublicPost,
  refuse,
  type Runtime,
  seeOther,
  sendPage,
  storeUnavailable,
} from "../http/pipeline";
import { hitFormCeiling, type LimitResult } from "../http/rateLimit";
import { errorSummary } from "../log";
import { processState } from "../process/state";
import { mailEnabled, serverNow, webhookEnabled } from "../process/settings";
import { hashToken, isToken, newToken } from "../staff/auth";
import type { StoredSubmission } from "../store/submission";
import { confirmationPage, problemsPage, type OpenTimesShown, type Problems } from "./answerPage";
import type { Booking, Checked, Ending, FieldProblems, FormDefinition, Insert, PlainForm, Refusal } from "./form";
import { fingerprintOf, isFormPost, valuesFromPost } from "./formPost";
import { isReferenceOf, newReference } from "./ids";
import { SENT_PAGE_MS, type NewSubmission, type SubmissionOperations } from "./types";
import { zonedToday } from "../../time/today";

/**
 * A form request passes one way, each step a function of its own that hands its result to the next or
 * ends the request (an Ending, form.ts), and `answer` writes whichever it was:
 *
 *   guard (method, origin, the connection's limit, type) -> read (the body) -> check (the schema, spam)
 *   -> screen (the form's booking, the form's ceiling) -> store (with the form's booking) -> answer
 *
 * Bad input always gets a 4xx that says what is wrong; a 5xx only when storage itself fails, and then
 * nothing is acknowledged. The answer is sent before any e-mail is attempted and does not depend on it.
 * A form sent without JavaScript is read as the page's script would have sent it and answered with pages.
 */

const COULD_NOT_SAVE = "We could not save your form just now, so it was not sent. Please try again in a minute, or call us.";

const FORM_BODY_LIMIT = bytes.parse(functionConfig.bodyParser.json.limit) ?? 16 * 1024;

/**
 * A send within MIN_FILL_MS of the form appearing (a phone's autofill, a quick thumb, or a bot): a person
 * gets the form back with this and sends it again, never a "thanks" for something filed away as spam.
 * Only the honeypot keeps the silent answer, for bots.
 */
const TOO_FAST = "That was quicker than we expected. Please check your details and press the button again.";

const TOO_MANY: Record<Exclude<LimitResult, { allowed: true }>["scope"], string> = {
  client: "Too many forms sent from your connection. Please wait a minute and try again.",
  form: "This form is getting more messages than usual. Please wait a minute and try again, or call us.",
};

/** The store could not give the open times: the page is answered 503, and not kept. */
class TimesUnavailable extends Error {
  constructor(cause: unknown) {
    super("the open times could not be read", { cause });
    this.name = "TimesUnavailable";
  }
}

/** One form's endpoint, as every step sees it. */
interface Form<Store> {
  definition: FormDefinition<Store>;
  runtime: Runtime<Store>;
  /** How the log names one such request: "a contact request". */
  what: string;
  /** Its endpoint, which its page's form posts to. */
  action: string;
}

/** A POST as it goes through the steps: the guard's, and the form's values when the browser posted it itself. */
interface Post {
  guarded: PublicPost;
  /** A form posted without script: the form's state as posted (formPost.ts); its answers are pages. */
  values?: Readonly<Record<string, FieldValue>>;
}

const ends = <T extends object>(result: T | Ending): result is Ending => "refused" in result || "problems" in result || "stored" in result;

/** Every form's endpoint: GET its confirmation or its page with the open times, POST a submission. */
export function formHandler<Store extends SubmissionOperations>(definition: FormDefinition<Store>, runtime: Runtime<Store>) {
  const form: Form<Store> = { definition, runtime, what: `a ${definition.form} request`, action: apiPath(definition.form) };
  return async function handle(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const { plain } = definition;
    if (plain && req.method === "GET" && typeof req.query?.sent === "string") return sentPage(form, plain, req, res);
    // The free intro's form with its open times, for a visitor without JavaScript (the page links here).
    if (plain?.times && (req.method === "GET" || req.method === "HEAD")) return openForm(form, plain, res);
    apiHeaders(res);
    const values = plain && req.method === "POST" && isFormPost(req.headers) ? valuesFromPost(req.body, plain.start) : undefined;
    const post = await guard(form, req, values);
    if (ends(post)) return answer(form, res, values, post);
    const read = readBody(req, post, plain);
    if (ends(read)) return answer(form, res, values, read);
    const now = serverNow();
    const checked = check(form, read.body, post, now);
    if (ends(checked)) return answer(form, res, values, checked);
    const screened = await screen(form, checked, now);
    if (ends(screened)) return answer(form, res, values, screened);
    return answer(form, res, values, await store(form, post, checked, screened, now));
  };
}

/**
 * The pipeline's front (http/pipeline.ts): POST only, the same origin, the connection's rate limit,
 * JSON or, for a form with a page, a urlencoded post.
 */
async function guard<Store>(form: Form<Store>, req: GatsbyFunctionRequest, values: Post["values"]): Promise<Post | Refusal> {
  const guarded = await guardPublicPost(form.runtime, req, {
    limit: form.definition.form,
    what: form.what,
    tooMany: TOO_MANY.client,
    formPosts: form.definition.plain !== undefined,
  });
  // A page only for what a visitor can meet (too many sends).
  if ("status" in guarded) return { refused: guarded, asJson: guarded.status !== 429 };
  return { guarded, values };
}

/** The fields as the page's script would send them, and the checks a schema cannot make of a body. */
function readBody<Store>(
  req: GatsbyFunctionRequest,
  post: Post,
  plain: PlainForm<Store> | undefined,
): { body: Record<string, unknown> } | Refusal {
  const { values } = post;
  const body = plain && values ? { ...plain.payload(values), website: values.website } : post.guarded.body;
  // Gatsby's function wrapper skips a body over the limit and runs the function without one.
  if (req.body === undefined && Number(req.headers["content-length"] ?? 0) > FORM_BODY_LIMIT) {
    return { refused: { status: 413, error: "This form is too large. Please shorten your message and send it again." } };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { refused: { status: 400, error: "Send the form's fields as a JSON object." } };
  }
  return { body: body as Record<string, unknown> };
}

/** The form's schema for today at the gym, the same as the browser's: a message per field, or the submission and whether it looks like spam. */
function check<Store>(form: Form<Store>, body: Record<string, unknown>, post: Post, now: Date): Checked | Refusal | FieldProblems {
  let parsed: ReturnType<ReturnType<FormDefinition<Store>["schema"]>["safeParse"]>;
  try {
    parsed = form.definition.schema(zonedToday(now).date).safeParse(body);
  } catch (error) {
    // A rule that throws is a bug in our code, not the visitor's; they still get a 4xx, never a 5xx.
    console.error(`Validating a ${form.definition.form} submission threw: ${errorSummary(error)}`);
    return { refused: { status: 400, error: "This form could not be read. Please check every field and send it again." } };
  }
  if (!parsed.success) return { problems: fieldErrors(parsed.error) };
  const { website: _website, elapsedMs: _elapsed, source: _source, ...payload } = parsed.data;
  return { data: parsed.data, payload, spam: spamReason(parsed.data, { timed: !post.values }) };
}

/** A submission that may be stored, with the booking its form takes, if it books one. */
interface Screened<Store> {
  booking?: Booking<Store>;
}

/**
 * The form's own rules (a booking form: its time must be offered), then a send too fast to be a
 * person's, asked to press again (TOO_FAST), then the form's ceiling: only what passed every check
 * counts against it, so junk cannot lock a form for everyone; a privacy request is the visitor's right
 * under the law and is never refused by it.
 */
async function screen<Store>(form: Form<Store>, checked: Checked, now: Date): Promise<Screened<Store> | Ending> {
  const { definition, runtime, what } = form;
  const booking = definition.book?.(checked, now);
  if (booking && ends(booking)) return booking;
  if (checked.spam === "too-fast") return { refused: { status: 422, error: TOO_FAST } };
  if (!checked.spam && definition.form !== "privacy-request") {
    const ceiling = await limitRefusal(
      runtime,
      what,
      (limits) => hitFormCeiling(limits, definition.form),
      (scope) => TOO_MANY[scope],
    );
    if (ceiling) return { refused: ceiling };
  }
  return { booking };
}

/**
 * The consent to texts a form gave: its box ticked (`textConsent: true`, which the schema takes only with
 * a phone) on a form that offers it, with the words this build shows beside the box, the page it was
 * on (its Referer's path; else the form's own page) and the connection as the rate limit keys it.
 */
function givenConsent<Store>(
  { form, plain }: FormDefinition<Store>,
  payload: Readonly<Record<string, unknown>>,
  request: PublicPost["request"],
  clientKey: string,
): NewSubmission["textConsent"] {
  if (!offersTexts(form) || payload.textConsent !== true || typeof payload.phone !== "string") return undefined;
  const { text, version } = currentTextConsent(site);
  return {
    phone: payload.phone,
    disclosure: text,
    version,
    page: consentPage(request.headers.referer, request.headers.host) ?? plain?.page ?? null,
    connection: clientKey === "unknown" ? null : clientKey,
  };
}

/**
 * Stores the submission (with its booking, which the form's book() takes) in one transaction with its
 * outbox rows, under a new reference; a form posted without script gets a key for its confirmation page,
 * and so does the JSON answer of a form that answers with what it stored (FormDefinition's `answer`).
 */
async function store<Store extends SubmissionOperations>(
  form: Form<Store>,
  post: Post,
  checked: Checked,
  { booking }: Screened<Store>,
  now: Date,
): Promise<Ending> {
  const { definition, runtime } = form;
  const { config, request, clientKey } = post.guarded;
  const id = newReference(definition.form);
  // Only the sender's page holds the key that shows what was stored (sentPage).
  const sentKey = (post.values || definition.answer) && newToken();
  const notify = mailEnabled(config);
  // Kept beside the submission, not in its fields (lead_sources): a form sent without script has none.
  const source = cleanSource(checked.data.source);
  const waiver = definition.waiver && { waiver: { version: definition.waiver.version, text: definition.waiver.text } };
  const textConsent = givenConsent(definition, checked.payload, request, clientKey);
  // The fields of the last insert, which is the one that stored (a booking tries coach after coach).
  let stored = checked.payload;
  const insert: Insert = async (fields, extra = {}) => {
    stored = fields;
    return (await runtime.store()).insert({
      id,
      form: definition.form,
      createdAt: now,
      payload: fields,
      spam: checked.spam,
      notify,
      webhook: webhookEnabled(config),
      ...waiver,
      ...(textConsent && { textConsent, texts: config.twilio !== undefined }),
      ...(post.values && { fingerprint: fingerprintOf(definition.form, fields, clientKey) }),
      ...(sentKey && { sentKeyHash: hashToken(sentKey) }),
      ...(source && { source }),
      ...extra,
    });
  };
  try {
    const result = booking
      ? await booking.store(insert, {
          limits: runtime.limits,
          store: runtime.store,
          address: clientAddress(request, config.trustProxy),
          notify,
        })
      : // A form that books nothing answers its visitor through its step: the instant answer (leads/answerStore.ts).
        await insert(checked.payload, { confirm: notify });
    if ("refused" in result) return result;
    const more = sentKey && !post.values ? definition.answer?.(stored, { reference: id, key: sentKey }) : undefined;
    return {
      stored: { ...result, id, spam: checked.spam, sentKey, ...(booking && { confirmation: notify }), ...(more && { answer: more }) },
    };
  } catch (error) {
    console.error(`Could not store a ${definition.form} submission: ${errorSummary(error)}`);
    return { refused: storeUnavailable(COULD_NOT_SAVE) };
  }
}

/**
 * Writes how the request ended: JSON for the page's script, pages for a form the browser posted itself
 * (`values`). Spam gets the same answer as a real submission, so bots learn nothing; it is kept out of
 * the staff list. A request from an address that holds an intro is answered so (the time held is told
 * only to the address, by e-mail); whether the address was mailed about one within the hour (the store
 * then queues no mail) is never in the answer.
 */
async function answer<Store>(form: Form<Store>, res: GatsbyFunctionResponse, values: Post["values"], ending: Ending): Promise<void> {
  const { definition, runtime, action } = form;
  const plain = values && definition.plain;
  if ("stored" in ending) {
    const { id, repeatOf, spam, sentKey, confirmation, answer: more } = ending.stored;
    if (plain && sentKey) {
      // The fragment opens the page at the message, wherever the form sat on its page.
      seeOther(res, `${action}?${new URLSearchParams({ sent: repeatOf ?? id, key: sentKey }).toString()}#${SENT_MESSAGE_ID}`);
    } else res.status(201).json({ id, ...(confirmation !== undefined && { confirmation }), ...more });
    if (!spam && !repeatOf) runtime.kick();
    return;
  }
  if ("problems" in ending) {
    if (plain) return pageAnswer(form, plain, res, 422, { values, errors: ending.problems, fieldOrder: plain.fieldOrder });
    res.status(422).json({ errors: ending.problems });
    return;
  }
  const { refused, at, asJson } = ending;
  if (!plain || asJson) return refuse(res, refused);
  for (const [name, value] of Object.entries(refused.headers ?? {})) res.setHeader(name, value);
  const errors = at ? { [at]: refused.error } : {};
  return pageAnswer(form, plain, res, refused.status, {
    values,
    errors,
    fieldOrder: plain.fieldOrder,
    failure: at ? undefined : refused.error,
  });
}

/**
 * Answers with the form's page (answerPage.ts); without its built page, the problems as JSON. The open
 * times' form with nothing sent yet (`kept`) is the same for everyone: made once a few seconds.
 */
async function pageAnswer<Store>(
  form: Form<Store>,
  plain: PlainForm<Store>,
  res: GatsbyFunctionResponse,
  status: number,
  problems: Problems,
  kept = false,
): Promise<void> {
  const { times } = plain;
  const make = async () => {
    let shown: OpenTimesShown | undefined;
    if (times) {
      const store = await form.runtime.store().catch((error: unknown) => Promise.reject(new TimesUnavailable(error)));
      shown = await times.read(store).catch((error: unknown) => Promise.reject(new TimesUnavailable(error)));
    }
    return problemsPage(plain.page, form.action, { ...problems, times: shown });
  };
  try {
    sendPage(res, status, await (kept && times ? times.keep(make) : make()));
  } catch (error) {
    // Named, not instanceof: a page being made may be another function bundle's (intro/timesPage.ts).
    if (times && error instanceof Error && error.name === TimesUnavailable.name) {
      console.error(`Could not read the open times for a page: ${errorSummary(error.cause)}`);
      return refuse(res, storeUnavailable(times.unavailable));
    }
    // Without its built page (a host that did not ship it) the visitor still hears what is wrong.
    console.error(`Could not make the ${form.definition.form} form's page: ${errorSummary(error)}`);
    refuse(res, { status, error: problems.failure ?? (Object.values(problems.errors).join(" ") || "Please try again, or call us.") });
  }
}

/** GET: the form with its open times and nothing sent yet, for a visitor without JavaScript. */
function openForm<Store>(form: Form<Store>, plain: PlainForm<Store>, res: GatsbyFunctionResponse): Promise<void> {
  apiHeaders(res, { noindex: true });
  return pageAnswer(form, plain, res, 200, { values: plain.start, errors: {}, fieldOrder: plain.fieldOrder }, true);
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
async function sentPage<Store extends SubmissionOperations>(
  form: Form<Store>,
  plain: PlainForm<Store>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): Promise<void> {
  apiHeaders(res, { noindex: true });
  const { sent: reference, key } = req.query;
  if (!reference || !isReferenceOf(form.definition.form, reference)) {
    return refuse(res, { status: 404, error: "There is no such reference." });
  }
  const now = serverNow();
  let stored: StoredSubmission | undefined;
  if (isToken(key)) {
    try {
      stored = await (await form.runtime.store()).sentWithKey(reference, hashToken(key), new Date(now.getTime() - SENT_PAGE_MS));
    } catch (error) {
      // It was stored (the visitor was redirected here only then): the words true of any send still hold.
      console.error(`Could not read a form's confirmation: ${errorSummary(error)}`);
    }
  }
  const today = zonedToday(now).date;
  try {
    const page = stored
      ? confirmationPage(
          plain.page,
          form.action,
          plain.sent(stored.payload, today, { reference: stored.id, key: key as string }),
          stored.id,
        )
      : genericSentPage(form.definition.form, today, () =>
          confirmationPage(plain.page, form.action, plain.sent(undefined, today), undefined),
        );
    sendPage(res, 200, page, "strict-origin");
  } catch (error) {
    console.error(`Could not make a form's confirmation page: ${errorSummary(error)}`);
    res.status(200).json(stored ? { id: stored.id } : {});
  }
}
