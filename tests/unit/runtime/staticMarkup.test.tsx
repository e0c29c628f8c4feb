import { Component, Fragment, type ReactNode } from "react";
import * as ReactDOMServer from "react-dom/server";
import { renderToStaticMarkup } from "../../../src/runtime/staticMarkup";

/** The shapes gatsby-plugin-image draws in the browser: its sizer, placeholder and picture. */
function Sizer({ width, height }: { width: number; height: number }) {
  return (
    <div style={{ maxWidth: width, display: "block" }}>
      <img
        alt=""
        role="presentation"
        aria-hidden="true"
        src={`data:image/svg+xml;charset=utf-8,%3Csvg%20height='${height}'%20width='${width}'%3E%3C/svg%3E`}
        style={{ maxWidth: "100%", display: "block", position: "static" }}
      />
    </div>
  );
}

function Picture({ shouldLoad, sizes }: { shouldLoad: boolean; sizes: string }) {
  const srcSet = "/static/a/320.avif 320w,/static/a/640.avif 640w";
  return (
    <picture>
      {[{ type: "image/avif" }, { type: "image/webp" }].map(({ type }) => (
        <source
          key={type}
          type={type}
          media={undefined}
          srcSet={shouldLoad ? srcSet : undefined}
          data-srcset={!shouldLoad ? srcSet : undefined}
          sizes={sizes}
        />
      ))}
      <img
        width={320}
        height={213}
        data-main-image=""
        style={{ objectFit: "cover", opacity: 0 }}
        sizes={sizes}
        decoding="async"
        loading="lazy"
        src={shouldLoad ? "/static/a/320.jpg" : undefined}
        data-src={!shouldLoad ? "/static/a/320.jpg" : undefined}
        srcSet={shouldLoad ? srcSet : undefined}
        alt={'Coach "Dana" & <members>'}
      />
    </picture>
  );
}

function Image({ shouldLoad }: { shouldLoad: boolean }) {
  return (
    <Fragment>
      <Sizer width={320} height={213} />
      <div
        aria-hidden
        data-placeholder-image=""
        style={{ opacity: 1, backgroundColor: "#282828", position: "absolute", top: 0, left: 0, bottom: 0, right: 0 }}
      />
      <>
        <Picture shouldLoad={shouldLoad} sizes="(min-width: 72rem) 17rem, 50vw" />
        <noscript>
          <Picture shouldLoad sizes="(min-width: 72rem) 17rem, 50vw" />
        </noscript>
      </>
      {null}
      {false}
    </Fragment>
  );
}

const cases: Array<[string, ReactNode]> = [
  ["a lazy image", <Image key="a" shouldLoad={false} />],
  ["an eager image", <Image key="b" shouldLoad />],
  ["a full-width sizer", <div key="c" aria-hidden style={{ paddingTop: `${(1350 / 2400) * 100}%` }} />],
  [
    "text, numbers and classes",
    <p key="d" className="caption" tabIndex={-1} hidden>
      {["Photo ", 3, " of ", 6]}
    </p>,
  ],
];

describe("the browser's stand-in for react-dom/server", () => {
  for (const [name, element] of cases) {
    test(`renders ${name} exactly as React does`, () => {
      expect(renderToStaticMarkup(element)).toBe(ReactDOMServer.renderToStaticMarkup(element));
    });
  }

  test("refuses what it does not support instead of rendering it wrongly", () => {
    class Legacy extends Component {
      override render() {
        return null;
      }
    }
    expect(() => renderToStaticMarkup(<Legacy />)).toThrow(/host elements, function components and fragments/);
  });
});
