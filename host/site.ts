import fs from "node:fs";
import path from "node:path";
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express";
import { ADMIN_HEADERS, cacheControlFor, isAdminPath, NOT_A_PAGE_POLICY, SECURITY_HEADERS, type PagePolicies } from "../src/headers";
import { redirectLocation, redirects } from "../src/redirects";

/**
 * The built pages in public/: the site's security headers on every answer, each page's own
 * Content-Security-Policy from the build (the web editor at /admin/ has its own, everything that is not
 * a page a short one that allows nothing), the cache rule for each path (src/headers.ts), the old
 * addresses as 301s that keep the visitor's query, and the 404 page with status 404.
 */
export function siteRouter(root: string): Router {
  const moved = new Map(
    redirects.flatMap((redirect) => [
      [redirect.from, redirect.to],
      [`${redirect.from}/`, redirect.to],
    ]),
  );
  const redirect: RequestHandler = (req, res, next) => {
    const to = moved.get(req.path);
    if (!to) return next();
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.redirect(301, redirectLocation(to, search));
  };
  return builtFiles(path.join(root, "public"), pageHeaders(root), redirect);
}

/**
 * The headers of a page's path of the build in `root` (the ones a static host's header file gives it
 * too): its own Content-Security-Policy from the build, the web editor's at /admin/, and for anything
 * that is not a page a short one that allows nothing.
 */
export function pageHeaders(root: string): (page: string) => Record<string, string> {
  const policies = (JSON.parse(fs.readFileSync(path.join(root, ".cache", "csp.json"), "utf8")) as { pages: PagePolicies }).pages;
  return (page) => (isAdminPath(page) ? ADMIN_HEADERS : { "Content-Security-Policy": policies[page] ?? NOT_A_PAGE_POLICY });
}

/**
 * A Gatsby build's files as every build here is served: the security headers, each path's cache rule
 * and the headers `own` gives a page's path ("/", "/about/", "/404.html") on every answer; then
 * `before` (the site's redirects), the files, and public/404.html with status 404 for anything missing.
 * The benchmark serves the reference starter's build with it too.
 */
export function builtFiles(publicDir: string, own: (page: string) => Record<string, string>, before?: RequestHandler): Router {
  const router = express.Router();
  const notFoundHeaders = own("/404.html");
  const notFound: RequestHandler = (_req, res) => {
    // A missing /static/ or .js path must not keep its year-long cache rule on the 404 page.
    res.set({ ...SECURITY_HEADERS, ...notFoundHeaders, "Cache-Control": "no-store" });
    res.status(404).sendFile(path.join(publicDir, "404.html"));
  };
  // Headers are chosen by the path as sent, files found by the path decoded: "/admin/..%2fabout/"
  // would be the about page with the editor's policy. A path that decoding would change the shape of
  // names no page.
  router.use((req, res, next) => (isPlainPath(req.path) ? next() : notFound(req, res, next)));
  const headers: RequestHandler = (req, res, next) => {
    // By the decoded path, as the file is found (isPlainPath let only decodable paths through).
    const page = decodeURIComponent(req.path);
    res.set({ ...SECURITY_HEADERS, ...own(page.replace(/\/index\.html$/, "/")), "Cache-Control": cacheControlFor(page) });
    next();
  };
  router.use(headers);
  if (before) router.use(before);

  // The header middleware has set Cache-Control per path; serve-static would replace it with its own.
  router.use(express.static(publicDir, { cacheControl: false, redirect: true }));

  router.use(notFound);
  const failed: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    console.error(`Serving a page failed: ${error instanceof Error ? error.message : String(error)}`);
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again in a minute.");
  };
  router.use(failed);
  return router;
}

/** True when the path has no encoded slash or backslash, decodes, and is already in normal form (no "..", ".", "//"). */
export function isPlainPath(rawPath: string): boolean {
  if (/%(2f|5c|00)/i.test(rawPath)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  return !decoded.includes("\\") && path.posix.normalize(decoded) === decoded;
}
