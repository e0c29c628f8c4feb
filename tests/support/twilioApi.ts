import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@stoplight/prism-core";
import { getHttpOperationsFromSpec } from "@stoplight/prism-http";
import { createServer as createPrismServer } from "@stoplight/prism-http-server";
import { textSize, withinTextLimit } from "../../src/texts/segments";
import { isE164 } from "../../src/texts/phone";

/**
 * A local stand-in for Twilio's REST API that holds every request the SDK makes to Twilio's own
 * published description of it: the OpenAPI document of the 2010-04-01 API (twilio-oai, shipped in the
 * @twilio-alpha/mcp package), served by Stoplight Prism as a validating mock. What the description
 * does not allow is refused as Prism refuses it: an unknown path or method (404, 405), a body that is
 * not application/x-www-form-urlencoded (415), no HTTP Basic credentials (401), a missing `To`, an
 * AccountSid or MessagingServiceSid of the wrong shape, a field of the wrong type (422). On top,
 * what the description says only in words, as Twilio's API answers it (its error codes):
 * - the credentials must be this account's SID and auth token, for this account's path: 401, 20003;
 * - `To` in E.164, the description's format for SMS (it also allows channel addresses such as
 *   whatsapp:..., which the gym never sends to): 400, 21211;
 * - a sender: `From`, or `MessagingServiceSid` ("When this parameter is provided and the from parameter
 *   is omitted, Twilio selects the optimal sender"): 400, 21603; a `From` in E.164 (the description
 *   also allows alphanumeric sender IDs and short codes, which US texting from a gym's number is not): 400, 21212;
 * - something to send (`Body`, `MediaUrl` or `ContentSid`): 400, 21602; a `Body` "up to 1,600
 *   characters in length": 400, 21617.
 * A request that passes is answered as the description's example answers it (201, a Message with
 * status "queued"), with a new `sid` (SM and 32 hexadecimal characters) and the request's own fields.
 */
export const TWILIO_API_DESCRIPTION = require.resolve("@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json");

/** The account the tests' servers are given (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN): shaped as Twilio's. */
export const TEST_ACCOUNT_SID = "AC0f1e2d3c4b5a69788796a5b4c3d2e1f0";
export const TEST_AUTH_TOKEN = "5e7d2c9a1b3f4e6d8c0a2b4d6f8e1c3a";
/** The gym's number in the tests (TWILIO_FROM), and a Messaging Service to send through instead. */
export const TEST_FROM = "+12535550100";
export const TEST_MESSAGING_SERVICE = "MG0123456789abcdef0123456789abcdef";

/** One request as the mock took it, refused or not. */
export interface TakenRequest {
  method: string;
  path: string;
  contentType?: string;
  /** The form fields of a urlencoded body (each name's last value, as Twilio reads them). */
  params: Record<string, string>;
  status: number;
  /** Who refused it: the OpenAPI description (by Prism), Twilio's rules in words, or a test's `refuseNext`. */
  refusedBy?: "description" | "twilio" | "injected";
  /** What was wrong, from Prism's problem or Twilio's error message. */
  problem?: string;
}

/** A text the mock accepted: what a delivery report or a reply will name. */
export interface AcceptedMessage {
  sid: string;
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
  statusCallback?: string;
  params: Record<string, string>;
}

/** An error answer Twilio gives (its status, code and message); `HANG_UP` never answers at all. */
export interface TwilioError {
  status: number;
  code?: number;
  message?: string;
}
export const HANG_UP = "hang-up" as const;

export interface TwilioApiMock {
  /** The API's address for TWILIO_API_URL. */
  url: string;
  requests: TakenRequest[];
  messages: AcceptedMessage[];
  /** The next valid requests get these answers instead of a 201, in order (a 429, a 500, a 21610...). */
  refuseNext(...answers: Array<TwilioError | typeof HANG_UP>): void;
  /** Resolves once `count` texts have been accepted (a server sends them in its own time). */
  waitForMessages(count: number, timeoutMs?: number): Promise<AcceptedMessage[]>;
  stop(): Promise<void>;
}

let operations: ReturnType<typeof getHttpOperationsFromSpec> | undefined;

/** The description's operations, read once per process (about a second: the document is 2 MB). */
function twilioOperations(): ReturnType<typeof getHttpOperationsFromSpec> {
  operations ??= getHttpOperationsFromSpec(TWILIO_API_DESCRIPTION);
  return operations;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/** Twilio's error body: what its API answers, and what the SDK reads into a RestException. */
function twilioErrorBody(error: TwilioError): string {
  return JSON.stringify({
    code: error.code ?? null,
    message: error.message ?? "Error",
    more_info: error.code ? `https://www.twilio.com/docs/errors/${error.code}` : null,
    status: error.status,
  });
}

/** What the description states in words about a new message, as Twilio's API refuses it; null if fine. */
function messageProblem(params: Record<string, string>): TwilioError | null {
  if (!isE164(params.To ?? "")) return { status: 400, code: 21211, message: "Invalid 'To' Phone Number" };
  if (!params.From && !params.MessagingServiceSid)
    return { status: 400, code: 21603, message: "A 'From' or 'MessagingServiceSid' parameter is required to send a message" };
  if (params.From && !isE164(params.From)) return { status: 400, code: 21212, message: "Invalid From Number" };
  if (!params.Body && !params.MediaUrl && !params.ContentSid) return { status: 400, code: 21602, message: "Message body is required." };
  if (params.Body && !withinTextLimit(params.Body))
    return { status: 400, code: 21617, message: "The concatenated message body exceeds the 1600 character limit." };
  return null;
}

/**
 * One request to Prism on a connection of its own, closed after it (fetch would keep it open, and
 * Prism's server would then wait for it to time out before it could stop).
 */
function askPrism(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 500,
          contentType: response.headers["content-type"] ?? "application/json",
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
    request.end(method === "GET" || method === "HEAD" ? undefined : body);
  });
}

/** RFC 2822 as Twilio writes its dates: "Thu, 24 Aug 2023 05:01:45 +0000". */
const twilioDate = (date: Date) => date.toUTCString().replace("GMT", "+0000");

export async function startTwilioApi(account = { sid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN }): Promise<TwilioApiMock> {
  const prism = createPrismServer(await twilioOperations(), {
    components: { logger: createLogger("twilio-api", { level: "silent" }) },
    cors: false,
    config: {
      mock: { dynamic: false },
      checkSecurity: true,
      validateRequest: true,
      validateResponse: true,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
    },
  });
  const prismUrl = await prism.listen(0, "127.0.0.1");
  const requests: TakenRequest[] = [];
  const messages: AcceptedMessage[] = [];
  const answers: Array<TwilioError | typeof HANG_UP> = [];
  const expectedAuthorization = `Basic ${Buffer.from(`${account.sid}:${account.authToken}`).toString("base64")}`;

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const target = request.url ?? "/";
    const { pathname } = new URL(target, "http://mock");
    const contentType = request.headers["content-type"];
    const params = /^application\/x-www-form-urlencoded\b/i.test(contentType ?? "") ? Object.fromEntries(new URLSearchParams(body)) : {};
    const taken: TakenRequest = { method: request.method ?? "GET", path: pathname, contentType, params, status: 0 };
    requests.push(taken);
    const answer = (status: number, type: string, text: string, refusal?: Pick<TakenRequest, "refusedBy" | "problem">) => {
      Object.assign(taken, { status }, refusal);
      response.writeHead(status, { "Content-Type": type }).end(text);
    };
    const refuse = (error: TwilioError, refusedBy: "twilio" | "injected") =>
      answer(error.status, "application/json", twilioErrorBody(error), { refusedBy, problem: error.message });

    // 1. The description, as Prism reads it: path, method, content type, security scheme, fields.
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "authorization", "accept"]) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const described = await askPrism(`${prismUrl}${target}`, taken.method, headers, body);
    const describedText = described.text;
    if (described.status >= 300) {
      let problem = describedText;
      try {
        const parsed = JSON.parse(describedText) as { title?: string; detail?: string; validation?: Array<{ message?: string }> };
        problem = [parsed.title, ...(parsed.validation ?? []).map((v) => v.message), parsed.detail].filter(Boolean).join(": ");
      } catch {
        // Not JSON: the text is the problem.
      }
      return answer(described.status, described.contentType, describedText, { refusedBy: "description", problem });
    }
    // 2. This account, and no other.
    const messagesPath = MESSAGES_PATH.exec(pathname);
    const accountInPath = /^\/2010-04-01\/Accounts\/([^/.]+)/.exec(pathname)?.[1];
    if (request.headers.authorization !== expectedAuthorization || (accountInPath !== undefined && accountInPath !== account.sid))
      return refuse({ status: 401, code: 20003, message: "Authenticate" }, "twilio");
    // 3. What the description says in words about a new message.
    const creating = taken.method === "POST" && messagesPath !== null;
    const problem = creating ? messageProblem(params) : null;
    if (problem) return refuse(problem, "twilio");
    // 4. A test's answer in Twilio's place.
    const injected = answers.shift();
    if (injected === HANG_UP) {
      Object.assign(taken, { refusedBy: "injected", problem: "no answer" });
      return;
    }
    if (injected) return refuse(injected, "injected");
    if (!creating) return answer(described.status, described.contentType, describedText);
    // 5. The description's own answer to a new message, made this message's.
    const example = JSON.parse(describedText) as Record<string, unknown>;
    const sid = newSid("SM");
    const now = twilioDate(new Date());
    const uri = `/2010-04-01/Accounts/${account.sid}/Messages/${sid}`;
    const message: AcceptedMessage = {
      sid,
      to: params.To ?? "",
      from: params.From,
      messagingServiceSid: params.MessagingServiceSid,
      body: params.Body ?? "",
      statusCallback: params.StatusCallback,
      params,
    };
    messages.push(message);
    const created = {
      ...example,
      account_sid: account.sid,
      sid,
      to: message.to,
      from: message.from ?? null,
      messaging_service_sid: message.messagingServiceSid ?? null,
      body: message.body,
      num_segments: String(textSize(message.body).segments),
      date_created: now,
      date_updated: now,
      date_sent: null,
      tags: null,
      uri: `${uri}.json`,
      subresource_uris: { media: `${uri}/Media.json` },
    };
    return answer(201, "application/json", JSON.stringify(created));
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messages,
    refuseNext: (...next) => void answers.push(...next),
    async waitForMessages(count, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > end) throw new Error(`${messages.length} of ${count} texts reached the Twilio mock within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prism.close();
    },
  };
}
