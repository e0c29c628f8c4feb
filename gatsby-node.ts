import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { analyticsEnabled } from "./src/analyticsIds";
import { buildTimeNotice } from "./src/node/buildClock";
import { cmsSettings } from "./src/node/cmsSettings";
import { loadCheckedContent } from "./src/node/contentChecks";
import { contentDir } from "./src/node/contentFiles";
import { samplePicturesNotice } from "./src/node/samplePictures";
import { writeCalendars, writeEventCalendars } from "./src/node/calendars";
import { buildCsp, writeNetlifyFunctionRoutes, writeNetlifyHeaders } from "./src/node/csp";
import { keepSourceMapsPrivate, PRIVATE_SOURCE_MAPS } from "./src/node/sourceMaps";
import { createMarkdownNode } from "./src/node/markdownNodes";
import { createAllPages } from "./src/node/pages";
import { createRedirects, writeRedirectPages } from "./src/node/redirects";
import { resolvers, typeDefs } from "./src/node/schema";
import { rewriteBuiltPages } from "./src/node/builtPages";
import { writeImageAddresses } from "./src/node/imageAddresses";
import { keepOneSwapScript } from "./src/node/imageSwapScript";
import { loadScriptsAfterPaint } from "./src/node/scriptsAfterPaint";
import { siteUrl } from "./src/node/siteUrl";
import { BrowserStylesInRendererHash, RecordBrowserStyles } from "./src/node/styleHash";
import { CompileHint } from "./src/node/compileHint";
import { writeRobots } from "./src/node/robots";
import { nulByteProblem } from "./src/node/nulBytes";
import { writeFeed } from "./src/node/feed";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  try {
    const notice = buildTimeNotice();
    if (notice) reporter.warn(notice);
  } catch (error) {
    reporter.panic((error as Error).message);
  }
  const { lines } = loadCheckedContent();
  if (lines.length > 0) {
    reporter.panic(`The content has ${lines.length} problem(s); fix them and build again:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  }
  const { problem } = cmsSettings();
  if (problem) reporter.warn(problem);
  // A reminder in the build's log, never a failure: the site works with its sample pictures.
  const samples = samplePicturesNotice(contentDir());
  if (samples) reporter.info(samples);
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers(resolvers);
};

export const onCreateNode: GatsbyNode["onCreateNode"] = createMarkdownNode;

export const createPages: GatsbyNode["createPages"] = async (args) => {
  createRedirects(args.actions.createRedirect);
  await createAllPages(args);
};

export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const publicDir = path.resolve("public");
  writeRedirectPages(publicDir, siteUrl());
  writeRobots(publicDir, siteUrl());
  const { content } = loadCheckedContent();
  if (!content) {
    reporter.panicOnBuild("Content changed during the build; build again.");
    return;
  }
  writeCalendars(publicDir, content);
  writeEventCalendars(publicDir, content);
  writeFeed(publicDir, content);
  // Before the policies: they list the inline scripts the pages keep, the loader among them.
  try {
    rewriteBuiltPages(publicDir, [loadScriptsAfterPaint, keepOneSwapScript, writeImageAddresses]);
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
    return;
  }
  const policies = buildCsp(publicDir, analyticsEnabled(process.env));
  writeNetlifyHeaders(publicDir, policies);
  const functions = JSON.parse(fs.readFileSync(path.join(".cache", "functions", "manifest.json"), "utf8")) as Array<{
    functionRoute: string;
    functionId: string;
  }>;
  writeNetlifyFunctionRoutes(publicDir, functions);
  fs.writeFileSync(path.join(".cache", "csp.json"), JSON.stringify({ pages: policies }, null, 2));
  keepSourceMapsPrivate(publicDir, path.resolve(PRIVATE_SOURCE_MAPS));
  const nul = nulByteProblem(publicDir);
  if (nul) reporter.panicOnBuild(nul);
};

/**
 * CSS is split by page: Gatsby would merge every component's CSS Module into one stylesheet and inline
 * all of it in every page (the forms' and the lightbox's styles on the home page, for instance). Every
 * component style is scoped to its file, a class composed from a shared file (DatedList) is varied through
 * custom properties rather than overridden, and the only global CSS is imported first from gatsby-browser,
 * so chunk order cannot change the result; mini-css-extract-plugin's "Conflicting order" warnings are
 * noise here. The HTML renderer's hash also carries the stylesheets' hashes, so CSS-only edits
 * re-render the pages (see src/node/styleHash.ts).
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions }) => {
  if (stage === "build-html") actions.setWebpackConfig({ plugins: [new BrowserStylesInRendererHash()] });
  if (stage !== "build-javascript") return;
  const config = getConfig() as {
    plugins: Array<{ constructor: { name: string }; options?: Record<string, unknown> }>;
    optimization?: { splitChunks?: { cacheGroups?: Record<string, unknown> } };
    resolve: { alias?: Record<string, string | false | string[]> };
  };
  const extract = config.plugins.find((plugin) => plugin.constructor.name === "MiniCssExtractPlugin");
  if (extract?.options) extract.options.ignoreOrder = true;
  config.plugins.push(new RecordBrowserStyles(), new CompileHint());
  delete config.optimization?.splitChunks?.cacheGroups?.styles;
  // gatsby-plugin-image draws client-side images with react-dom/server; the browser gets a small
  // renderer with the same output instead of React's whole server renderer (see its file).
  // First in the list: webpack uses the first alias that matches, and Gatsby's own "react-dom" matches too.
  config.resolve.alias = { "react-dom/server$": path.resolve("src/runtime/staticMarkup.ts"), ...config.resolve.alias };
  actions.replaceWebpackConfig(config);
};
