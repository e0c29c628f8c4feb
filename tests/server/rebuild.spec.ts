import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { buildIn, scratchBuild, timeoutForBuilds } from "../support/scratchBuild";

/**
 * Pages carry their styles inline, so a build after a CSS-only edit must re-render them even when
 * `.cache` is kept (a laptop, or a host that caches between deploys). Gatsby alone kept the old HTML;
 * src/node/styleHash.ts makes the stylesheets part of what marks pages stale. Both builds share this
 * test's timeout, so it does not depend on how long the other scratch builds take.
 */
test("a CSS-only edit reaches every page on the next incremental build", () => {
  test.setTimeout(timeoutForBuilds(2));
  const first = scratchBuild("rebuild-css", path.resolve("tests/fixtures/small-content"));
  expect(first.status, first.output).toBe(0);
  const page = (file: string) => fs.readFileSync(path.join(first.dir, "public", file), "utf8");
  const appData = () => page("page-data/app-data.json");
  const before = { home: page("index.html"), about: page("about/index.html"), appData: appData() };
  expect(before.home).toContain("#ffd166");

  const tokens = path.join(first.dir, "src/styles/tokens.css");
  fs.writeFileSync(tokens, fs.readFileSync(tokens, "utf8").replaceAll("#ffd166", "#ffd167"));
  const second = buildIn(first.dir);
  expect(second.status, second.output).toBe(0);

  for (const [name, html] of [
    ["home", page("index.html")],
    ["about", page("about/index.html")],
  ] as const) {
    expect(html, `${name} page has the new colour`).toContain("#ffd167");
    expect(html, `${name} page lost the old colour`).not.toContain("#ffd166");
    expect(html).not.toBe(before[name]);
  }
  // Open tabs see a new build too (webpack's own hash covers the CSS), and reload into the new styles
  // on their next navigation.
  expect(appData()).not.toBe(before.appData);
});
