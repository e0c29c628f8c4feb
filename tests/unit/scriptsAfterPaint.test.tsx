/**
 * @jest-environment jsdom
 */
import { isValidElement, type ReactNode } from "react";
import { afterPaintLoader, scriptsAfterFirstPaint } from "../../src/ssr/scriptsAfterPaint";

const SOURCES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"];

/** The post-body components Gatsby renders (gatsby/cache-dir/static-entry.js). */
function gatsbyPostBody(): ReactNode[] {
  return [
    <script key="script-loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: 'window.pagePath="/"' }} />,
    <script key="chunk-mapping" id="gatsby-chunk-mapping" dangerouslySetInnerHTML={{ __html: "window.___chunkMapping={}" }} />,
    ...SOURCES.map((src) => <script key={src} src={src} async />),
  ];
}

const requested = () => [...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"));

describe("the runtime's scripts wait for the first paint", () => {
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

  test("Gatsby's async tags become one inline loader; its other scripts stay as they are", () => {
    const out = scriptsAfterFirstPaint(gatsbyPostBody());
    const ids = out.filter(isValidElement).map((node) => (node.props as { id?: string }).id);
    expect(ids).toEqual(["gatsby-script-loader", "gatsby-chunk-mapping", "gatsby-scripts-after-paint"]);
    expect(out.filter(isValidElement).some((node) => (node.props as { src?: string }).src)).toBe(false);
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

  test("a page without Gatsby's scripts is left alone", () => {
    const body = [<div key="x" />];
    expect(scriptsAfterFirstPaint(body)).toEqual(body);
  });
});
