import type { Locator } from "@playwright/test";

/** Where a marker is drawn: in the item's first line (a disclosure's triangle), or left of it (a list's bullet). */
export type MarkerPlace = "inside" | "outside";

/** How wide a strip beside or at the start of the first line is looked at: a bullet or triangle fits in it. */
const STRIP = 24;

/**
 * Whether `item` (a list item, or a `<summary>`) shows a marker beside its first line, as a visitor
 * sees it: the strip where the marker belongs, at the height of the item's first line of text, is
 * photographed as drawn and again with every marker of the item hidden (its list style, `::marker`,
 * `::before`). A marker there makes the two pictures differ; with none, hiding changes nothing.
 * Also says how many lines the item's text takes, so a test can tell a wrapped item from one line.
 */
export async function markerBesideFirstLine(item: Locator, place: MarkerPlace): Promise<{ shown: boolean; lines: number }> {
  await item.scrollIntoViewIfNeeded();
  const page = item.page();
  const box = await item.evaluate((element) => {
    // No filter callback: a page with scripting off cannot run one.
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = walker.nextNode();
    while (text && !text.textContent?.trim()) text = walker.nextNode();
    const itemBox = element.getBoundingClientRect();
    if (!text) throw new Error("the item has no text");
    const range = document.createRange();
    const start = (text.textContent ?? "").search(/\S/);
    range.setStart(text, start);
    range.setEnd(text, start + 1);
    const first = range.getBoundingClientRect();
    // Every line box of the item's text, counted by their distinct tops.
    const whole = document.createRange();
    whole.selectNodeContents(element);
    const lines = new Set([...whole.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
    return { left: itemBox.left, top: first.top, height: first.height, lines };
  });
  const clip = {
    x: place === "outside" ? box.left - STRIP : box.left,
    y: box.top,
    width: STRIP,
    height: Math.max(1, box.height),
  };
  const drawn = await page.screenshot({ clip });
  const marked = await item.evaluate((element) => {
    const id = `marker-${Math.random().toString(36).slice(2)}`;
    element.setAttribute("data-marker-test", id);
    const style = document.createElement("style");
    style.id = id;
    const it = `[data-marker-test="${id}"]`;
    style.textContent = `${it} { list-style: none !important; }
      ${it}::marker, ${it}::before, ${it}::-webkit-details-marker { content: none !important; display: none !important; }`;
    document.head.append(style);
    return id;
  });
  const hidden = await page.screenshot({ clip });
  await item.evaluate((element, id) => {
    document.getElementById(id)?.remove();
    element.removeAttribute("data-marker-test");
  }, marked);
  return { shown: !drawn.equals(hidden), lines: box.lines };
}
