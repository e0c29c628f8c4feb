import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A receiver's view of one POST. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback (node:http), as the gym's CRM or Zapier would be. It answers each
 * request with the next status of `answers` (a 3xx with a Location, HANG with nothing), then 200 once
 * they are used up.
 */
export interface TestReceiver {
  /** Its address, with a query that stands for the receiver's own key (it must never reach a log). */
  url: string;
  received: ReceivedWebhook[];
  answers: number[];
  /** Resolves once `count` requests have arrived (a real server sends them in its own time). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const RECEIVER_KEY = "receiver-key-4f7c1";
/** An answer in `answers` that makes the receiver never answer that request. */
export const HANG = 0;

export async function startWebhookReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      // No answer at all: a receiver that hangs (the sender's timeout must end the request).
      if (status === HANG) return;
      // A redirect names another address on this receiver, which a sender must not follow.
      const moved = status >= 300 && status < 400 ? { Location: `/hooks/moved?key=${RECEIVER_KEY}` } : {};
      response.writeHead(status, { "Content-Type": "text/plain", ...moved }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/lead?key=${RECEIVER_KEY}`,
    received,
    answers,
    async waitFor(count, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > end) throw new Error(`${received.length} of ${count} webhook requests arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a receiver does with `X-Signature: t=...,v1=...` (Stripe's scheme): recompute the HMAC of
 * "<t>.<body>" with the shared secret, compare in constant time, and refuse a timestamp far from now.
 */
export function signatureValid(secret: string, header: string | undefined, body: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = new Map((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  if (!Number.isInteger(t) || Math.abs(Math.floor(now.getTime() / 1000) - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
