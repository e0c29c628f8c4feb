import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { JSDOM } from "jsdom";
import { writeImageAddresses } from "../../../src/node/imageAddresses";
import { lazyImage } from "../support/lazyImage";

/** The plugin's own head tags, as the build writes them into every page (its gatsby-ssr has no types). */
function headTags(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain JS module without types; an import would need a declaration for one test
  const { onRenderBody } = require("gatsby-plugin-image/gatsby-ssr") as {
    onRenderBody(args: { setHeadComponents(components: ReactNode[]): void }): void;
  };
  let tags: ReactNode[] = [];
  onRenderBody({
    setHeadComponents: (components) => {
      tags = components;
    },
  });
  return renderToStaticMarkup(<>{tags}</>);
}

const page = `<!DOCTYPE html><html><head>${headTags()}</head><body><main>${lazyImage("marcus", { webp: true })}${lazyImage("dana", { webp: true })}</main></body></html>`;
// JSDOM parses a <noscript> as markup (as a browser without script does): each image's copy there is
// told apart from its main copy by where it sits.
const parsed = (html: string) => new JSDOM(html).window.document;

test("every lazy image's addresses are written where the swap script would put them, and nothing else moves", () => {
  expect(page).toContain('data-srcset="/static/marcus-240.webp');
  const rewritten = writeImageAddresses(page, "public/coaches/index.html");
  expect(rewritten).not.toMatch(/data-srcset?=/);

  const before = parsed(page);
  const after = parsed(rewritten);
  const mains = (document: Document) =>
    Array.from(document.querySelectorAll<HTMLImageElement>(".gatsby-image-wrapper > picture > img[data-main-image]"));
  expect(mains(after)).toHaveLength(2);
  mains(after).forEach((img, index) => {
    const was = mains(before)[index]!;
    expect(img.getAttribute("src")).toBe(was.getAttribute("data-src"));
    expect(img.getAttribute("srcset")).toBe(was.getAttribute("data-srcset"));
    expect(img.getAttribute("sizes")).toBe(was.getAttribute("sizes"));
    // Still held back by the browser until it nears the screen.
    expect(img.getAttribute("loading")).toBe("lazy");
    const source = img.parentElement!.querySelector("source")!;
    expect(source.getAttribute("srcset")).toBe(was.parentElement!.querySelector("source")!.getAttribute("data-srcset"));
  });
  // The copies for visitors without script are as they were; the sizer image loses only its role.
  const noscripts = (html: string) => html.match(/<noscript><picture>.*?<\/noscript>/g);
  expect(noscripts(rewritten)).toEqual(noscripts(page));
  expect(after.querySelectorAll('img[role="presentation"]')).toHaveLength(0);
  expect(after.querySelectorAll('img[alt=""][aria-hidden="true"][src^="data:"]')).toHaveLength(2);
  // Already rewritten: unchanged.
  expect(writeImageAddresses(rewritten)).toBe(rewritten);
});

test("without script only the <noscript> copy of each image is drawn", () => {
  const noScript = parsed(writeImageAddresses(page));
  const rules = Array.from(noScript.querySelectorAll("head noscript style"), (style) => style.textContent).join("");
  expect(rules).toContain(".gatsby-image-wrapper>picture,.gatsby-image-wrapper>[data-main-image]{display:none}");
  // The rule reaches the main copy of each image and not the <noscript> one.
  expect(noScript.querySelectorAll(".gatsby-image-wrapper>picture")).toHaveLength(2);
  expect(noScript.querySelectorAll(".gatsby-image-wrapper>noscript>picture")).toHaveLength(2);
  expect(noScript.querySelectorAll(".gatsby-image-wrapper>noscript>picture")[0]!.matches(".gatsby-image-wrapper>picture")).toBe(false);
});

test("a page without images is left alone", () => {
  const plain = `<!DOCTYPE html><html><head>${headTags()}</head><body><p>Hours</p></body></html>`;
  expect(writeImageAddresses(plain)).toBe(plain);
});

test("when gatsby-plugin-image's markup changes, the build stops naming the file", () => {
  const withoutStyle = page.replace(/<noscript><style>.*?<\/style><\/noscript>/, "");
  expect(() => writeImageAddresses(withoutStyle, "public/coaches/index.html")).toThrow(
    /public\/coaches\/index\.html: gatsby-plugin-image's style for visitors without script was not found/,
  );
  const both = page.replace('data-src="/static/marcus.jpg"', 'src="/static/other.jpg" data-src="/static/marcus.jpg"');
  expect(() => writeImageAddresses(both, "public/coaches/index.html")).toThrow(
    /public\/coaches\/index\.html: an image has an address beside one waiting in data-src/,
  );
});
