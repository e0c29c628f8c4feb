#!/usr/bin/env node
/**
 * Measures the fallback-face descriptors in src/styles/fonts.css: for each web font, the width ratio
 * to each local fallback over the text the site actually sets in it (every page of the build), and the
 * ascent/descent overrides that follow. Needs a build (`npm run build`) and the local fonts named below
 * (Debian: fonts-liberation, fonts-roboto-unhinted); a fallback that is not installed is reported so.
 *
 *   npm run font-metrics
 */
import { sitePages, withBuiltSite } from "./builtSite.mjs";

const PORT = Number(process.env.FONT_METRICS_PORT ?? 9310);

/** Web face -> the CSS font it is drawn with, and the local fonts its fallback families name. */
const FACES = {
  "Oswald 600": {
    web: '600 1000px "Oswald"',
    fallbacks: {
      "Oswald Fallback": "Liberation Sans Narrow Bold",
      "Oswald Fallback Arial": "Liberation Sans Bold",
      "Oswald Fallback Roboto": "Roboto Bold",
    },
  },
  "Inter 400": { web: '400 1000px "Inter"', fallbacks: { "Inter Fallback": "Liberation Sans", "Inter Fallback Roboto": "Roboto" } },
  "Inter 600": {
    web: '600 1000px "Inter"',
    fallbacks: { "Inter Fallback": "Liberation Sans Bold", "Inter Fallback Roboto": "Roboto Bold" },
  },
};

/** The text of a page, per web face, as it is set (uppercase where the CSS says so). */
function textByFace(faceNames) {
  const out = Object.fromEntries(faceNames.map((name) => [name, ""]));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility()) continue;
    const style = getComputedStyle(parent);
    let text = (node.textContent ?? "").replace(/\s+/g, " ");
    if (style.textTransform === "uppercase") text = text.toUpperCase();
    if (style.fontFamily.replace(/"/g, "").startsWith("Oswald")) out["Oswald 600"] += text;
    else out[Number(style.fontWeight) >= 600 ? "Inter 600" : "Inter 400"] += text;
  }
  return out;
}

async function measure({ faces, texts }) {
  const canvas = document.createElement("canvas").getContext("2d");
  const metrics = (font, text) => {
    canvas.font = font;
    const m = canvas.measureText(text);
    return { width: m.width, ascent: m.fontBoundingBoxAscent / 1000, descent: m.fontBoundingBoxDescent / 1000 };
  };
  const rows = [];
  for (const [face, { web, fallbacks }] of Object.entries(faces)) {
    // The web face must really be loaded, or the canvas would silently measure a default font.
    await document.fonts.load(web);
    if (!document.fonts.check(web)) throw new Error(`${face} did not load`);
    const webMetrics = metrics(web, texts[face]);
    for (const [family, local] of Object.entries(fallbacks)) {
      const probe = new FontFace(`probe ${local}`, `local("${local}")`);
      try {
        await probe.load();
      } catch {
        rows.push({ face, family, local, missing: true });
        continue;
      }
      document.fonts.add(probe);
      const sizeAdjust = webMetrics.width / metrics(`1000px "probe ${local}"`, texts[face]).width;
      rows.push({
        face,
        family,
        local,
        "size-adjust": `${(sizeAdjust * 100).toFixed(2)}%`,
        "ascent-override": `${((webMetrics.ascent / sizeAdjust) * 100).toFixed(2)}%`,
        "descent-override": `${((webMetrics.descent / sizeAdjust) * 100).toFixed(2)}%`,
      });
    }
  }
  return rows;
}

async function main() {
  await withBuiltSite(PORT, async (browser, origin) => {
    const page = await browser.newPage();
    const texts = Object.fromEntries(Object.keys(FACES).map((name) => [name, ""]));
    for (const path of sitePages()) {
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      const found = await page.evaluate(textByFace, Object.keys(FACES));
      for (const face of Object.keys(texts)) texts[face] += found[face];
    }
    console.table(await page.evaluate(measure, { faces: FACES, texts }));
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
