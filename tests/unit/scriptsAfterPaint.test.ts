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

describe("the loader waits for the first contentful paint", () => {
  /** The browser's paint timing, played by the test: the loader's observer and a way to report a paint. */
  let observers: Array<(entries: { getEntriesByName(name: string): unknown[] }) => void>;
  const paint = (name: string) =>
    observers.forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }));
  const setVisibility = (state: DocumentVisibilityState) =>
    Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  const load = () => {
    window.dispatchEvent(new Event("load"));
    jest.advanceTimersByTime(0);
  };
  beforeEach(() => {
    jest.useFakeTimers();
    observers = [];
    Object.assign(window, {
      PerformanceObserver: class {
        static supportedEntryTypes: string[] = ["paint", "resource"];
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe() {}
      },
    });
    setVisibility("visible");
    document.body.innerHTML = "";
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  test("nothing is requested before the first contentful paint, not even at the load event; then each script once, in Gatsby's order", () => {
    window.eval(afterPaintLoader(SOURCES));
    paint("first-paint"); // a blank frame while the fonts load
    load(); // a light page has loaded before it paints
    expect(requested()).toEqual([]);
    paint("first-contentful-paint");
    expect(requested()).toEqual([]); // in the task after the paint's
    jest.advanceTimersByTime(0);
    expect(requested()).toEqual(SOURCES);
    jest.runAllTimers();
    expect(requested()).toEqual(SOURCES);
  });

  test("a tab opened in the background, which paints nothing, loads them at the load event", () => {
    setVisibility("hidden");
    window.eval(afterPaintLoader(SOURCES));
    load();
    expect(requested()).toEqual(SOURCES);
    paint("first-contentful-paint");
    jest.runAllTimers();
    expect(requested()).toEqual(SOURCES);
  });

  test("a browser without paint timing loads them at the load event", () => {
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    window.eval(afterPaintLoader(SOURCES));
    jest.advanceTimersByTime(0);
    expect(requested()).toEqual([]);
    load();
    expect(requested()).toEqual(SOURCES);
  });

  test("a visible page whose paint entry never comes still gets them, 3 s after the load event", () => {
    window.eval(afterPaintLoader(SOURCES));
    load();
    jest.advanceTimersByTime(2999);
    expect(requested()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(requested()).toEqual(SOURCES);
  });
});
