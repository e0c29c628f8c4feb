import compression from "compression";
import express, { type Express } from "express";
import { functionsRouter } from "./functions";
import { builtFiles, siteRouter } from "./site";

/**
 * The production server for self-hosting: the built site and its form functions from one process,
 * compressed, with each function loaded once (`gatsby serve` evaluates a function's bundle again on
 * every request and its memory grows with each one). `root` is the project folder holding public/
 * and .cache/ from `gatsby build`.
 */
export function createApp(root: string): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  // The functions set their own headers (src/headers.ts, API_HEADERS); pages get the site's.
  app.use("/api", functionsRouter(root));
  app.use(siteRouter(root));
  return app;
}

/**
 * Another Gatsby build's public/ folder served the same way, compression and headers included, without
 * functions or a Content-Security-Policy: the benchmark's reference site.
 */
export function createStaticApp(publicDir: string): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(builtFiles(publicDir, () => ({})));
  return app;
}
