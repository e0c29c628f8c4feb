/**
 * @jest-environment jsdom
 */
import { afterPaintLoader, loadScriptsAfterPaint } from "../../src/node/scriptsAfterPaint";

const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];

/** The end of a page as Gatsby stitches it (gatsby/dist/utils/gatsby-webpack-stats-extractor.js). */
const GATSBY_PAGE =
  '<html><body><div id="___gatsby"><main><p>Hours</p></main></div><script id="gatsby-script-loader">window.pagePath="/";</script>' +
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script><script>window.___webpackCompilationHash="abc";</script>' +
  SOURCES.map((src) => `<script src="${src}" async></script>`).join("") +
  "</body></html>";

const requested = () => [...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"));

test("Gatsby's runtime tags become one inline loader in their place; everything else stays; a second pass changes nothing", () => {
  const page = loadScriptsAfterPaint(GATSBY_PAGE);
  expect(page).not.toMatch(/<script[^>]*\ssrc=/);
  expect(page).toContain(`<script id="gatsby-scripts-after-paint">${afterPaintLoader(SOURCES)}</script></body>`);
  expect(page).toContain('<script id="gatsby-chunk-mapping">');
  expect(page.replace(/<script id="gatsby-scripts-after-paint">.*?<\/script>/, "")).toBe(
    GATSBY_PAGE.replace(/<script src=.*?<\/script>/g, ""),
  );
  expect(loadScriptsAfterPaint(page)).toBe(page);
});

test("a page without Gatsby's runtime (a redirect page) is left alone", () => {
  const redirect = '<html><head><meta http-equiv="refresh" content="0; url=/schedule/"></head></html>';
  expect(loadScriptsAfterPaint(redirect)).toBe(redirect);
});

describe("the loader waits for the first paint", () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    document.body.innerHTML = "";
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test("nothing is requested before the frame is painted; then each script once, in Gatsby's order", () => {
    window.eval(afterPaintLoader(SOURCES));
    expect(requested()).toEqual([]);
    frames.forEach((frame) => frame(0)); // the frame is being drawn: still nothing
    expect(requested()).toEqual([]);
    jest.runOnlyPendingTimers(); // the task after the paint
    expect(requested()).toEqual(SOURCES);
    window.dispatchEvent(new Event("load"));
    expect(requested()).toEqual(SOURCES);
  });

  test("a tab opened in the background, which paints no frames, loads them at the load event", () => {
    window.eval(afterPaintLoader(SOURCES));
    window.dispatchEvent(new Event("load"));
    expect(requested()).toEqual(SOURCES);
    frames.forEach((frame) => frame(0));
    jest.runOnlyPendingTimers();
    expect(requested()).toEqual(SOURCES);
  });
});
