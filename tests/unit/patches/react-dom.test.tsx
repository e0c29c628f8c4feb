import { Writable } from "node:stream";
import React from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Gatsby writes every page's HTML with React 18's renderToPipeableStream, which copies text into a
 * 2,048-byte buffer. React 18.3.1 sends the whole buffer when a character of several bytes no longer fits
 * at its end, unwritten bytes and all: a NUL (U+0000) in the page wherever an en dash or an accented
 * letter met the buffer's edge (facebook/react#26228, fixed after 18.3). patches/react-dom+18.3.1.patch
 * sends only the bytes written, as the upstream fix does.
 */
function renderStream(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

/** A schedule-like list: short text chunks, each with an en dash (three bytes in UTF-8). */
function Slots({ padding }: { padding: number }) {
  return (
    <main>
      <p>{"x".repeat(padding)}</p>
      <ul>
        {Array.from({ length: 400 }, (_, index) => (
          <li key={index}>
            <time>9:00</time> – 10:00
          </li>
        ))}
      </ul>
    </main>
  );
}

describe("the page stream", () => {
  // Every offset of the first chunk against the buffer's edge, so a dash lands across it several times.
  const paddings = Array.from({ length: 12 }, (_, index) => index + 1);

  it.each(paddings)("holds no NUL byte when a dash meets the buffer's edge (padding %i)", async (padding) => {
    const html = await renderStream(<Slots padding={padding} />);
    expect(html.length).toBeGreaterThan(4 * 2048);
    expect(html.indexOf(0)).toBe(-1);
    const text = html.toString("utf8");
    expect(text).not.toContain("\uFFFD");
    expect(text.split("–").length - 1).toBe(400);
  });
});
