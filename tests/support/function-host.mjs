#!/usr/bin/env node
/**
 * Runs the site's compiled Gatsby Functions (.cache/functions, made by `gatsby build`) the way an
 * adapter host does: each function module loaded once, behind Express, on PORT. `gatsby serve` instead
 * re-evaluates a function's file on every request; the load tests (thousands of generated requests,
 * the crash test, the latency measurement) use this host so they measure the forms, not that reload.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import express from "express";

const require = createRequire(import.meta.url);
const dir = path.resolve(".cache/functions");
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const app = express();
app.disable("x-powered-by");
for (const fn of manifest) {
  const mod = require(path.join(dir, fn.relativeCompiledFilePath));
  const handler = mod.default ?? mod;
  app.all(`/api/${fn.functionRoute}`, (req, res) => handler(req, res));
}
app.get("/health", (_req, res) => res.send("ok"));
const port = Number(process.env.PORT ?? 9500);
app.listen(port, "127.0.0.1", () => console.log(`function host on http://127.0.0.1:${port}`));
