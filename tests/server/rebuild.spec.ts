import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { buildIn, timeoutForBuilds } from "../support/scratchBuild";
import { ANALYTICS_IDS, smallSite } from "../support/smallSite";

/**
 * Pages carry their styles inline, so a build after a CSS-only edit must re-render them even when
 * `.cache` is kept (a laptop, or a host that caches between deploys). Gatsby alone kept the old HTML;
 * src/node/styleHash.ts makes the stylesheets part of what marks pages stale. The first build is the
 * small site analytics.spec.ts serves (tests/support/smallSite.ts: built once, by whichever spec asks
 * first; that spec serves a copy, so this second build does not change what it sees). The test's
 * timeout covers both builds, whoever makes the first.
 */
test("a CSS-only edit reaches every page on the next incremental build", async () => {
  test.setTimeout(timeoutForBuilds(2));
  const first = await smallSite();
  expect(first.status, first.output).toBe(0);
  const page = (file: string) => fs.readFileSync(path.join(first.build, "public", file), "utf8");
  const appData = () => page("page-data/app-data.json");
  const before = { home: page("index.html"), about: page("about/index.html"), appData: appData() };
  expect(before.home).toContain("#ffd166");

  const tokens = path.join(first.build, "src/styles/tokens.css");
  fs.writeFileSync(tokens, fs.readFileSync(tokens, "utf8").replaceAll("#ffd166", "#ffd167"));
  // The same settings as the first build, so only the CSS differs.
  const second = buildIn(first.build, { ...ANALYTICS_IDS });
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
