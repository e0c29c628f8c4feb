import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";

/**
 * What a page costs a visitor: every response while it loads, counted as it would travel from a
 * host that compresses text (gzip), which `gatsby serve` does not do itself.
 */
export interface Transfer {
  total: number;
  javascript: number;
  html: number;
  images: number;
  byUrl: Array<{ url: string; type: string; bytes: number }>;
}

const TEXT = /(text\/|javascript|json|xml|svg)/;

/** Lighthouse's mobile screen (412 x 823 at 1.75x): the budgets are measured as a phone sees the page. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function measureLoad(page: Page, url: string): Promise<Transfer> {
  const pending: Array<Promise<{ url: string; type: string; bytes: number }>> = [];
  page.on("response", (response) => {
    pending.push(
      (async () => {
        const type = response.headers()["content-type"] ?? "";
        const body = await response.body().catch(() => Buffer.alloc(0));
        const bytes = TEXT.test(type) ? gzipSync(body, { level: 9 }).length : body.length;
        return { url: response.url(), type: response.request().resourceType(), bytes };
      })(),
    );
  });
  // "networkidle" comes after 500 ms without a request, so the prefetches React starts once it has
  // taken over the page (it has: the attribute below) are counted too; each body is awaited in full.
  await page.goto(url, { waitUntil: "networkidle" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const byUrl = await Promise.all(pending);
  const sum = (filter: (entry: { type: string }) => boolean) => byUrl.filter(filter).reduce((total, entry) => total + entry.bytes, 0);
  return {
    total: sum(() => true),
    javascript: sum((entry) => entry.type === "script"),
    html: sum((entry) => entry.type === "document"),
    images: sum((entry) => entry.type === "image"),
    byUrl,
  };
}
