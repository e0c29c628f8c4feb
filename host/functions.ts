import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import bytes from "bytes";
import express, { type ErrorRequestHandler, type RequestHandler, type Response, type Router } from "express";
import { checkFormContentType, type Rejection } from "../src/server/http/guards";
import { apiHeaders, refuse } from "../src/server/http/pipeline";
import { errorSummary } from "../src/server/log";
import { bundledFunctions, type FunctionModule } from "./bundledFunctions";

/** The part of Gatsby's functions manifest (.cache/functions/manifest.json) this server reads. */
interface ManifestEntry {
  functionRoute: string;
  /** The function's file in src/api/, where Gatsby finds the site's own functions. */
  originalRelativeFilePath: string;
}

/** Gatsby's default when a function sets no limit of its own. */
const DEFAULT_JSON_LIMIT = "100kb";

function answer(res: Response, rejection: Rejection): void {
  apiHeaders(res);
  refuse(res, rejection);
}

/**
 * Refuses a body the function could not use before a byte of it is read: anything but JSON or a
 * urlencoded form (a multipart upload would otherwise be buffered whole), and a body declared larger
 * than the function's limit. The connection is closed, so the unread body is never taken in.
 */
function refuseUnreadable(limit: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const hasBody = req.headers["transfer-encoding"] !== undefined || length > 0;
    if (!hasBody) return next();
    // Each function's own pipeline takes a urlencoded body only where it is a visitor's form.
    const rejection = checkFormContentType(req.headers) ?? (length > limit ? tooLarge(limit) : null);
    if (!rejection) return next();
    res.set("Connection", "close");
    answer(res, rejection);
  };
}

function tooLarge(limit: number): Rejection {
  return { status: 413, error: `This form is larger than ${bytes.format(limit)}. Please shorten your message and send it again.` };
}

/**
 * Every Gatsby Function the build lists (.cache/functions/manifest.json, written by `gatsby build`), on
 * /api/<route>, each loaded once for the life of the process. Bodies are parsed as Gatsby does for the
 * function's `config.bodyParser.json` (or left as bytes where its `raw` names a type), but only JSON and
 * urlencoded forms are accepted at all (the forms' script sends JSON; a form posted without it,
 * urlencoded; Stripe's webhook, JSON).
 *
 * Each function is the one in src/api/, bundled with this server (host/serve.mjs) or loaded from its
 * file when the server runs from source (tsx, Jest), not Gatsby's compiled bundle: every such bundle
 * carries its own copy of Gatsby's function wrapper (body parsers, joi, React: 1.4 MB of code that V8
 * keeps), and V8 lets a heap grow to several times what it holds. From src/api/, the functions share
 * one copy of each module and the heap holds a sixth as much (docs/operations.md, the production
 * server). The wrapper parses the body, which is done here.
 */
export function functionsRouter(root: string): Router {
  const manifestFile = path.join(root, ".cache", "functions", "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as ManifestEntry[];
  const load = createRequire(manifestFile);
  const router = express.Router();

  for (const entry of manifest) {
    const file = path.join(root, "src", "api", entry.originalRelativeFilePath);
    const loaded = bundledFunctions ? bundledFunctions[entry.originalRelativeFilePath] : (load(file) as FunctionModule);
    if (!loaded) throw new Error(`${path.relative(root, file)} is in the build but not in this server: start it again to bundle it`);
    const handler = loaded.default;
    if (!handler) throw new Error(`${path.relative(root, file)} does not export a function`);
    const { json = {}, raw } = loaded.config?.bodyParser ?? {};
    const limit = bytes.parse((raw?.type ? raw.limit : undefined) ?? json.limit ?? DEFAULT_JSON_LIMIT) ?? 0;
    // A function that takes a type unparsed (Stripe's webhook: its signature is over the bytes as sent)
    // gets that body as a Buffer. Gatsby's wrapper runs its raw parser first, so the JSON parser then
    // leaves it alone: the same here.
    const unparsed = raw?.type ? [express.raw({ type: raw.type, limit })] : [];
    // A form the browser posts itself (no script) is urlencoded: read flat, as Gatsby's wrapper reads it.
    const urlencoded = express.urlencoded({ extended: false, limit, parameterLimit: 100 });
    router.all(
      `/${entry.functionRoute}`,
      refuseUnreadable(limit),
      ...unparsed,
      express.json({ ...json, limit }),
      urlencoded,
      async (req, res) => {
        try {
          await handler(req, res);
        } catch (error) {
          console.error(`/api/${entry.functionRoute} failed: ${errorSummary(error)}`);
          if (!res.headersSent) answer(res, { status: 500, error: "Something went wrong on our side. Please try again, or call us." });
        }
      },
    );
  }

  router.use((_req, res) => answer(res, { status: 404, error: "There is no form at this address." }));
  const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    res.set("Connection", "close");
    if (error.type === "entity.too.large") return answer(res, tooLarge(Number((error as { limit?: number }).limit ?? 0)));
    if (error.type === "parameters.too.many") return answer(res, { status: 413, error: "This form has more fields than any of ours." });
    if (error.status === 400) return answer(res, { status: 400, error: "The form's data is not valid JSON." });
    if (error.status === 415) return answer(res, { status: 415, error: "Send the form as application/json." });
    console.error(`Reading a form request failed: ${errorSummary(error)}`);
    answer(res, { status: 500, error: "Something went wrong on our side. Please try again, or call us." });
  };
  router.use(bodyErrors);
  return router;
}
