import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import bytes from "bytes";
import express, { type ErrorRequestHandler, type RequestHandler, type Response, type Router } from "express";
import { API_HEADERS } from "../src/headers";
import { checkContentType, type Rejection } from "../src/server/guards";
import { errorSummary } from "../src/server/log";

/** The part of Gatsby's functions manifest (.cache/functions/manifest.json) this server reads. */
interface ManifestEntry {
  functionRoute: string;
  relativeCompiledFilePath: string;
}

type Handler = (req: express.Request, res: express.Response) => unknown;

interface FunctionModule {
  default?: Handler;
  config?: { bodyParser?: { json?: Parameters<typeof express.json>[0] } };
}

/** Gatsby's default when a function sets no limit of its own. */
const DEFAULT_JSON_LIMIT = "100kb";

function answer(res: Response, { status, error, headers }: Rejection): void {
  res.set({ ...API_HEADERS, ...headers });
  res.status(status).json({ error });
}

/**
 * Refuses a body the function could not use before a byte of it is read: anything but JSON (a
 * multipart upload would otherwise be buffered whole), and JSON declared larger than the function's
 * limit. The connection is closed, so the unread body is never taken in.
 */
function refuseUnreadable(limit: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const hasBody = req.headers["transfer-encoding"] !== undefined || length > 0;
    if (!hasBody) return next();
    const rejection = checkContentType(req.headers) ?? (length > limit ? tooLarge(limit) : null);
    if (!rejection) return next();
    res.set("Connection", "close");
    answer(res, rejection);
  };
}

function tooLarge(limit: number): Rejection {
  return { status: 413, error: `This form is larger than ${bytes.format(limit)}. Please shorten your message and send it again.` };
}

/**
 * Every compiled Gatsby Function (made by `gatsby build`), each loaded once for the life of the process,
 * on /api/<route>. Bodies are parsed as Gatsby does for the function's `config.bodyParser.json`, but
 * only JSON is accepted at all (the forms send nothing else).
 */
export function functionsRouter(root: string): Router {
  const dir = path.join(root, ".cache", "functions");
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as ManifestEntry[];
  const load = createRequire(path.join(dir, "manifest.json"));
  const router = express.Router();

  for (const entry of manifest) {
    const loaded = load(path.join(dir, entry.relativeCompiledFilePath)) as FunctionModule | Handler;
    const handler = typeof loaded === "function" ? loaded : loaded.default;
    if (!handler) throw new Error(`${entry.relativeCompiledFilePath} does not export a function`);
    const json = (typeof loaded === "function" ? undefined : loaded.config?.bodyParser?.json) ?? {};
    const limit = bytes.parse(json.limit ?? DEFAULT_JSON_LIMIT) ?? 0;
    router.all(`/${entry.functionRoute}`, refuseUnreadable(limit), express.json({ ...json, limit }), async (req, res) => {
      try {
        await handler(req, res);
      } catch (error) {
        console.error(`/api/${entry.functionRoute} failed: ${errorSummary(error)}`);
        if (!res.headersSent) answer(res, { status: 500, error: "Something went wrong on our side. Please try again, or call us." });
      }
    });
  }

  router.use((_req, res) => answer(res, { status: 404, error: "There is no form at this address." }));
  const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    res.set("Connection", "close");
    if (error.type === "entity.too.large") return answer(res, tooLarge(Number((error as { limit?: number }).limit ?? 0)));
    if (error.status === 400) return answer(res, { status: 400, error: "The form's data is not valid JSON." });
    if (error.status === 415) return answer(res, { status: 415, error: "Send the form as application/json." });
    console.error(`Reading a form request failed: ${errorSummary(error)}`);
    answer(res, { status: 500, error: "Something went wrong on our side. Please try again, or call us." });
  };
  router.use(bodyErrors);
  return router;
}
