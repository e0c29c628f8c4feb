import type { Application } from "express";
import { ADMIN_PATH, adminHeaders } from "../headers";

/**
 * `npm run cms` (gatsby develop, with decap-server beside it): the development server sends no headers
 * of its own, so the editor gets here the headers it has on the real site, with its local backend let
 * in. A policy problem then shows on a laptop before it reaches the site, and a built site's policy
 * never needs the local backend. gatsby-config's developMiddleware runs this before Gatsby's own routes.
 */
export function editorHeadersInDevelop(app: Application): void {
  const headers = adminHeaders({ localBackend: true });
  app.use(ADMIN_PATH, (_req, res, next) => {
    res.set(headers);
    next();
  });
}
