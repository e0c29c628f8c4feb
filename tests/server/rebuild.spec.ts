import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { timeoutForBuilds } from "../support/scratchBuild";
import { CSS_EDIT, SMALL_SITE_BUILDS, smallSite } from "../support/smallSite";

/**
 * Pages carry their styles inline, so a build after a CSS-only edit must re-render them even when
 * `.cache` is kept (a laptop, or a host that caches between deploys). Gatsby alone kept the old HTML;
 * src/node/styleHash.ts makes the stylesheets part of what marks pages stale. The builds are the small
 * site's (tests/support/smallSite.ts: built, copied, edited by CSS_EDIT and built again in place, by
 * whichever spec asks first); the copy of the first build is what this test compares with the second.
 */
test("a CSS-only edit reaches every page on the next incremental build", async () => {
  test.setTimeout(timeoutForBuilds(SMALL_SITE_BUILDS));
  const site = await smallSite();
  expect(site.status, site.output).toBe(0);
  expect(site.rebuild?.status, site.rebuild?.output).toBe(0);
  const read = (folder: string, file: string) => fs.readFileSync(path.join(folder, "public", file), "utf8");
  const edited = fs.readFileSync(path.join(site.build, CSS_EDIT.file), "utf8");
  expect(edited, "the edit was made").toContain(CSS_EDIT.to);
  expect(fs.readFileSync(path.join(site.served, CSS_EDIT.file), "utf8"), "the first build's copy is unedited").toContain(CSS_EDIT.from);

  for (const [name, file] of [
    ["home", "index.html"],
    ["about", "about/index.html"],
  ] as const) {
    const before = read(site.served, file);
    const after = read(site.build, file);
    expect(before, `${name} page had the old colour`).toContain(CSS_EDIT.from);
    expect(after, `${name} page has the new colour`).toContain(CSS_EDIT.to);
    expect(after, `${name} page lost the old colour`).not.toContain(CSS_EDIT.from);
  }
  // Open tabs see a new build too (webpack's own hash covers the CSS), and reload into the new styles
  // on their next navigation.
  expect(read(site.build, "page-data/app-data.json")).not.toBe(read(site.served, "page-data/app-data.json"));
});
