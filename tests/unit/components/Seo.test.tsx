import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { Seo } from "../../../src/components/Seo";
import { setStaticQueryData } from "../support/gatsby";

const siteJson = JSON.parse(fs.readFileSync("content/site.json", "utf8"));

beforeAll(() => {
  setStaticQueryData({ siteJson, site: { buildYear: "2026", siteMetadata: { siteUrl: "https://gym.example" } } });
});

function head(pathname: string, path = "/about/") {
  return renderToStaticMarkup(<Seo title="About Us" description="Meet the coaches." path={path} pathname={pathname} keywords={["gym"]} />);
}

describe("Seo", () => {
  test("a page at its own address: title template, canonical, index", () => {
    const html = head("/about/");
    expect(html).toContain(`<title>About Us | ${siteJson.name}</title>`);
    expect(html).toContain('<link rel="canonical" href="https://gym.example/about/"/>');
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(html).toContain('<meta property="og:image" content="https://gym.example/og-default.jpg"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
  });

  test("the same page rendered at an address without the trailing slash: noindex, nofollow", () => {
    const html = head("/about");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="canonical" href="https://gym.example/about/"/>');
  });
});
