import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { ZodType } from "zod";
import { zonedToday } from "../content/dates";
import { fieldErrors, spamReason } from "../forms/fields";
import { site } from "./content";
import { checkContentType, checkMethod, checkOrigin, clientAddress, type Rejection } from "./guards";
import { newReference } from "./ids";
import { getStore, kickOutbox, mailEnabled, rateLimiter, serverConfig } from "./runtime";
import type { FormName } from "./store/types";

export interface FormDefinition {
  form: FormName;
  /** The form's schema for a given date at the gym (date rules depend on "today"). */
  schema(today: string): ZodType<Record<string, unknown> & { website?: string; elapsedMs?: number }>;
}

/**
 * The whole life of a form request: guard, validate, store, answer. Bad input always gets a 4xx that
 * says what is wrong; a 5xx only when storage itself fails, and then nothing is acknowledged.
 */
export function formHandler(definition: FormDefinition) {
  return async function handle(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
    const config = serverConfig();
    const limiter = rateLimiter(definition.form, config.rateLimitPerMinute);
    const reject = ({ status, error, headers }: Rejection) => {
      for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
      res.status(status).json({ error });
    };
    res.setHeader("Cache-Control", "no-store");

    const early = checkMethod(req.method) ?? checkOrigin(req.headers, config.siteUrl);
    if (early) return reject(early);
    const limit = limiter.hit(clientAddress(req.headers, req.socket?.remoteAddress, config.trustProxy));
    if (!limit.allowed) {
      return reject({
        status: 429,
        error: "Too many forms sent from your connection. Please wait a minute and try again.",
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      });
    }
    const type = checkContentType(req.headers);
    if (type) return reject(type);
    const body: unknown = req.body;
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return reject({ status: 400, error: "Send the form's fields as a JSON object." });
    }

    const today = zonedToday(new Date(), site.timeZone).date;
    let parsed: ReturnType<ReturnType<FormDefinition["schema"]>["safeParse"]>;
    try {
      parsed = definition.schema(today).safeParse(body);
    } catch (error) {
      // A rule that throws is a bug in our code, not the visitor's; they still get a 4xx, never a 5xx.
      console.error(`Validating a ${definition.form} submission threw`, error);
      return reject({ status: 400, error: "This form could not be read. Please check every field and send it again." });
    }
    if (!parsed.success) {
      res.status(422).json({ errors: fieldErrors(parsed.error) });
      return;
    }
    const { website: _website, elapsedMs: _elapsed, ...payload } = parsed.data;
    const spam = spamReason(parsed.data);
    const id = newReference(definition.form);
    try {
      const store = await getStore();
      await store.insert({ id, form: definition.form, createdAt: new Date(), payload, spam, notify: mailEnabled(config) });
    } catch (error) {
      console.error(`Could not store a ${definition.form} submission`, error);
      res.status(503).json({
        error: "We could not save your form just now, so it was not sent. Please try again in a minute, or call us.",
      });
      return;
    }
    // Spam gets the same answer as a real submission, so bots learn nothing; it is kept out of the staff list.
    if (!spam) kickOutbox();
    res.status(201).json({ id });
  };
}
