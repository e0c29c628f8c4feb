/**
 * @jest-environment jsdom
 */
import { afterPaintLoader, loadScriptsAfterPaint } from "../../../src/node/scriptsAfterPaint";

const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];

/** Gatsby's chunk map as its scripts slice writes it: a JSON string, with its line breaks. */
const CHUNK_MAP =
  '<script\n            id="gatsby-chunk-mapping"\n          >\n            window.___chunkMapping="{\\"app\\":[\\"/app-3.js\\"]}";\n          </script>';

/** The end of a page as Gatsby stitches it (gatsby/dist/utils/gatsby-webpack-stats-extractor.js). */
const GATSBY_PAGE =
  '<html><body><div id="___gatsby"><main><p>Hours</p></main></div><script id="gatsby-script-loader">window.pagePath="/";</script>' +
  CHUNK_MAP +
  '<script>window.___webpackCompilationHash="abc";</script>' +
  SOURCES.map((src) => `<script src="${src}" async></script>`).join("") +
  "</body></html>";

const requested = () => [...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"));

test("Gatsby's runtime tags become one inline loader in their place, the chunk map goes; everything else stays; a second pass changes nothing", () => {
  const page = loadScriptsAfterPaint(GATSBY_PAGE);
  expect(page).not.toMatch(/<script[^>]*\ssrc=/);
  expect(page).toContain(`<script id="gatsby-scripts-after-paint">${afterPaintLoader(SOURCES)}</script></body>`);
  expect(page).not.toContain("gatsby-chunk-mapping");
  expect(page.replace(/<script id="gatsby-scripts-after-paint">.*?<\/script>/, "")).toBe(
    GATSBY_PAGE.replace(/<script src=.*?<\/script>/g, "").replace(CHUNK_MAP, ""),
  );
  expect(loadScriptsAfterPaint(page)).toBe(page);
});

test("a page without Gatsby's runtime (a redirect page) is left alone", () => {
  const redirect = '<html><head><meta http-equiv="refresh" content="0; url=/schedule/"></head></html>';
  expect(loadScriptsAfterPaint(redirect)).toBe(redirect);
});

describe("when Gatsby's markup changes, the build stops and names the page", () => {
  test.each([
    ["tags written another way", GATSBY_PAGE.replace(/ async><\/script>/g, " defer></script>")],
    ["a runtime file missing", GATSBY_PAGE.replace('<script src="/framework-2.js" async></script>', "")],
    ["no runtime tags at all", GATSBY_PAGE.replace(/<script src=.*?<\/script>/g, "")],
    ["another script file beside them", GATSBY_PAGE.replace("</body>", '<script src="/extra-4.js" defer></script></body>')],
    [
      "the chunk map written as an object",
      GATSBY_PAGE.replace(CHUNK_MAP, '<script id="gatsby-chunk-mapping">window.___chunkMapping={"app":[]};</script>'),
    ],
    ["no chunk map", GATSBY_PAGE.replace(CHUNK_MAP, "")],
  ])("%s", (_case, page) => {
    expect(() => loadScriptsAfterPaint(page, "public/about/index.html")).toThrow(/public\/about\/index\.html/);
  });

  test("a rewritten page that got a script tag back", () => {
    const page = loadScriptsAfterPaint(GATSBY_PAGE).replace("</body>", '<script src="/app-3.js" async></script></body>');
    expect(() => loadScriptsAfterPaint(page, "public/index.html")).toThrow(/public\/index\.html/);
  });
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
    const asyncWhenInserted: unknown[] = [];
    const append = document.body.appendChild.bind(document.body);
    jest.spyOn(document.body, "appendChild").mockImplementation((node) => {
      asyncWhenInserted.push((node as HTMLScriptElement).async);
      return append(node);
    });
    window.eval(afterPaintLoader(SOURCES));
    // The chunk map the runtime reads, empty as Gatsby's string form always read, is there before any script.
    expect((window as { ___chunkMapping?: unknown }).___chunkMapping).toEqual({});
    paint("first-paint"); // a blank frame while the fonts load
    load(); // a light page has loaded before it paints
    expect(requested()).toEqual([]);
    paint("first-contentful-paint");
    expect(requested()).toEqual([]); // in the task after the paint's
    jest.advanceTimersByTime(0);
    expect(requested()).toEqual(SOURCES);
    // Marked to run in that order already when inserted: set afterwards, the browser would run them as they come.
    expect(asyncWhenInserted).toEqual([false, false, false]);
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
