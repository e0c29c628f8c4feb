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
  const publicDir = path.join(root, "public");
  const policies = (JSON.parse(fs.readFileSync(path.join(root, ".cache", "csp.json"), "utf8")) as { pages: PagePolicies }).pages;
  const notFoundPolicy = policies["/404.html"] ?? NOT_A_PAGE_POLICY;
  const notFoundPage = path.join(publicDir, "404.html");
  const router = express.Router();

  const headers: RequestHandler = (req, res, next) => {
    const page = req.path.replace(/\/index\.html$/, "/");
    const own = isAdminPath(req.path) ? ADMIN_HEADERS : { "Content-Security-Policy": policies[page] ?? NOT_A_PAGE_POLICY };
    res.set({ ...SECURITY_HEADERS, ...own, "Cache-Control": cacheControlFor(req.path) });
    next();
  };
  router.use(headers);

  const moved = new Map(
    redirects.flatMap((redirect) => [
      [redirect.from, redirect.to],
      [`${redirect.from}/`, redirect.to],
    ]),
  );
  router.use((req, res, next) => {
    const to = moved.get(req.path);
    if (!to) return next();
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.redirect(301, redirectLocation(to, search));
  });

  // The header middleware has set Cache-Control per path; serve-static would replace it with its own.
  router.use(express.static(publicDir, { cacheControl: false, redirect: true }));

  router.use((_req, res) => {
    // A missing /static/ or .js path must not keep its year-long cache rule on the 404 page.
    res.set({ "Cache-Control": "no-store", "Content-Security-Policy": notFoundPolicy });
    res.status(404).sendFile(notFoundPage);
  });
  const failed: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    console.error(`Serving a page failed: ${error instanceof Error ? error.message : String(error)}`);
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again in a minute.");
  };
  router.use(failed);
  return router;
}
