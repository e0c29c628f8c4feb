import { keepOneSwapScript } from "../../../src/node/imageSwapScript";
import { lazyImage } from "../support/lazyImage";

const SWAP = /querySelectorAll\("img\[data-main-image\]"\)/g;
const gallery = `<html><body><ul><li>${lazyImage("a")}</li><li>${lazyImage("b")}</li><li>${lazyImage("c")}</li></ul></body></html>`;

test("gatsby-plugin-image writes its swap script after every lazy image, and the page keeps only the first", () => {
  expect(gallery).toContain('data-src="/static/a.jpg"');
  expect(gallery.match(SWAP)).toHaveLength(3);
  const page = keepOneSwapScript(gallery, "public/portfolio/index.html");
  expect(page.match(SWAP)).toHaveLength(1);
  // The copy kept is the first, right after the first image; nothing else changed.
  const first = gallery.indexOf('<script type="module">');
  expect(page.slice(0, gallery.indexOf("</script>", first))).toBe(gallery.slice(0, gallery.indexOf("</script>", first)));
  const withoutSwaps = (html: string) => html.replace(/<script type="module">[^<]*<\/script>/g, "");
  expect(withoutSwaps(page)).toBe(withoutSwaps(gallery));
  expect(page.match(/data-src="/g)).toHaveLength(3);
  // A page already rewritten comes back unchanged.
  expect(keepOneSwapScript(page)).toBe(page);
});

test("a page without lazy images is left alone", () => {
  const page = "<html><body><p>Hours</p></body></html>";
  expect(keepOneSwapScript(page)).toBe(page);
});

test("an image waiting for a swap script that is not found stops the build, naming the file", () => {
  const changed = gallery.replace(SWAP, 'querySelectorAll("img[data-gatsby-main]")');
  expect(() => keepOneSwapScript(changed, "public/portfolio/index.html")).toThrow(
    /public\/portfolio\/index\.html: an image waits in data-src/,
  );
});

test("copies that differ stop the build: one of them may do something else", () => {
  const first = gallery.indexOf("e.dataset.src&&");
  const changed = `${gallery.slice(0, first)}e.dataset.src&&window.other(),${gallery.slice(first + "e.dataset.src&&".length)}`;
  expect(() => keepOneSwapScript(changed, "public/portfolio/index.html")).toThrow(/swap scripts differ/);
});
