import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import http, { type Server } from "node:http";
import { Readable } from "node:stream";
import { createApp } from "../../../host/app";
import { verifyStripeEvent } from "../../../src/server/payments/signature";
import { checkoutSession, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../../support/stripe";

/**
 * A function whose settings take JSON unparsed (server-options/stripeFunction.ts, for Stripe's webhook)
 * gets the bytes as sent from the production server (host/functions.ts), as Gatsby's own wrapper gives
 * them: a Buffer, so the signature over them can be checked. The app is the real one, over a project
 * folder made here with two functions: one with the webhook's settings that checks what it got as the
 * webhook will, and one with a form's, which still gets parsed JSON.
 */

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gym-raw-"));
  fs.mkdirSync(path.join(root, "public"));
  fs.writeFileSync(path.join(root, "public", "index.html"), "<!DOCTYPE html><title>Home</title>");
  fs.mkdirSync(path.join(root, ".cache", "functions"), { recursive: true });
  fs.writeFileSync(path.join(root, ".cache", "csp.json"), JSON.stringify({ pages: {} }));
  fs.writeFileSync(
    path.join(root, ".cache", "functions", "manifest.json"),
    JSON.stringify([
      { functionRoute: "signed", originalRelativeFilePath: "signed.js" },
      { functionRoute: "form", originalRelativeFilePath: "form.js" },
    ]),
  );
  fs.mkdirSync(path.join(root, "src", "api"), { recursive: true });
  const options = (name: string) => JSON.stringify(path.resolve("server-options", name));
  const verify = JSON.stringify(path.resolve("src/server/payments/signature.ts"));
  fs.writeFileSync(
    path.join(root, "src", "api", "signed.js"),
    `const { verifyStripeEvent } = require(${verify});
module.exports = {
  ...require(${options("stripeFunction.ts")}),
  default: (req, res) => {
    const checked = verifyStripeEvent(${JSON.stringify(TEST_WEBHOOK_SECRET)}, req.body, req.headers["stripe-signature"]);
    res.status(200).json({ buffer: Buffer.isBuffer(req.body), checked: checked.ok ? "ok" : checked.refusal.reason });
  },
};\n`,
  );
  fs.writeFileSync(
    path.join(root, "src", "api", "form.js"),
    `module.exports = { ...require(${options("formFunction.ts")}), default: (req, res) => res.status(200).json({ body: req.body }) };\n`,
  );
  server = createApp(root).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (route: string, body: string | Buffer, headers: Record<string, string>) =>
  fetch(`${base}/api/${route}`, { method: "POST", headers, body: typeof body === "string" ? body : new Uint8Array(body) });

test("a signed event reaches the webhook's function as the bytes Stripe sent, and its signature holds", async () => {
  const event = stripeEvent("checkout.session.completed", checkoutSession({ customer_details: { email: "zoe@example.com", name: "Zoë" } }));
  const { body, signature } = signed(event);
  // As the test's own check shows, the same event parsed and written again would not be.
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, Buffer.from(JSON.stringify(event)), signature).ok).toBe(false);
  const answer = await post("signed", body, { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature });
  expect(await answer.json()).toEqual({ buffer: true, checked: "ok" });
});

test("the webhook takes an event larger than a form, and refuses one over its own limit; a form's function still gets parsed JSON", async () => {
  const large = await post("signed", Buffer.alloc(65 * 1024, " "), { "Content-Type": "application/json" });
  expect(large.status).toBe(413);
  const form = await post("form", JSON.stringify({ name: "Ana" }), { "Content-Type": "application/json" });
  expect(await form.json()).toEqual({ body: { name: "Ana" } });
  const event = stripeEvent("checkout.session.completed", checkoutSession({ metadata: { note: "x".repeat(40 * 1024) } }));
  const { body, signature } = signed(event);
  const answer = await post("signed", body, { "Content-Type": "application/json", "Stripe-Signature": signature });
  expect(await answer.json()).toEqual({ buffer: true, checked: "ok" });
  const tooLargeForAForm = await post("form", JSON.stringify({ note: "x".repeat(20 * 1024) }), { "Content-Type": "application/json" });
  expect(tooLargeForAForm.status).toBe(413);
});

test("Gatsby's own function wrapper (gatsby serve, Netlify) takes the webhook's settings as they are and hands over the bytes", async () => {
  const { createConfig } = await import("gatsby/dist/internal-plugins/functions/config");
  const bodyParser = await import("body-parser");
  const { config: settings } = await import("../../../server-options/stripeFunction");
  // A setting Gatsby does not understand is replaced by its default, with only a warning in the build's log.
  const { config, warnings } = createConfig(settings);
  expect(warnings).toEqual([]);
  expect(config.bodyParser.raw).toEqual(settings.bodyParser.raw);

  const event = stripeEvent("charge.refunded", checkoutSession());
  const { body, signature } = signed(event);
  // The request as Netlify's adapter makes it from a Lambda event (gatsby-adapter-netlify's
  // lambda-handler): a stream with IncomingMessage's methods and no socket, the body pushed base64-decoded.
  const req = Object.assign(new Readable({ read() {} }), http.IncomingMessage.prototype, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "content-length": String(body.length), "stripe-signature": signature },
  }) as Readable & { headers: Record<string, string>; body?: unknown };
  req.push(body.toString("base64"), "base64");
  req.push(null);
  // The wrapper's parsers, in its order (gatsby's api-function-webpack-loader): raw, text, urlencoded,
  // json. The wrapper goes on past a parser's error, so each must end without one for the body to be sure.
  const parsers = [
    bodyParser.raw(config.bodyParser.raw),
    bodyParser.text(config.bodyParser.text),
    bodyParser.urlencoded(config.bodyParser.urlencoded),
    bodyParser.json(config.bodyParser.json),
  ];
  for (const parse of parsers)
    await new Promise<void>((resolve, reject) =>
      parse(req as never, {} as never, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  expect(Buffer.isBuffer(req.body)).toBe(true);
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, req.body, req.headers["stripe-signature"])).toEqual({ ok: true, event });
});
