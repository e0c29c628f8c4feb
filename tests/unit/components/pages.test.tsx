import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { DocumentPage } from "../../../src/components/pages/DocumentPage";
import { MembershipPage } from "../../../src/components/pages/MembershipPage";
import { PoliciesPage } from "../../../src/components/pages/PoliciesPage";
import { TitleLink } from "../../../src/components/TitleLink";
import { pathTo, routes } from "../../../src/routes";
import { sectionPages } from "../../../src/sectionPages";

const policies = JSON.parse(fs.readFileSync("content/policies.json", "utf8"));
const privacy = JSON.parse(fs.readFileSync("content/privacy.json", "utf8"));

const escaped = (text: string) => text.replace(/&/g, "&amp;");

describe("links to pages are named and addressed by the route table", () => {
  test("a title link shows the page's title and goes to its path", () => {
    for (const route of routes) {
      expect(renderToStaticMarkup(<TitleLink to={route.name} />)).toBe(`<a href="${route.path}">${escaped(route.title)}</a>`);
    }
  });

  test("the membership page has a card for each page in its section, with the route's title and description", () => {
    const html = renderToStaticMarkup(<MembershipPage pageContext={{ routePath: pathTo("membership") }} />);
    const pages = sectionPages(pathTo("membership"));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(html).toContain(`href="${page.path}"`);
      expect(html).toContain(escaped(page.title));
      expect(html).toContain(escaped(page.description));
    }
  });
});

describe("staff's text with the numbers from policies.json and privacy.json", () => {
  const text = "<p>Ask at least {{holdNoticeDays}} days ahead; we answer within {{requestResponseDays}} days. {{unknown}} stays.</p>";
  const filled = `<p>Ask at least ${policies.holdNoticeDays} days ahead; we answer within ${privacy.requestResponseDays} days. {{unknown}} stays.</p>`;

  test("the policies page fills them in and offers the hold and cancellation form", () => {
    const html = renderToStaticMarkup(
      <PoliciesPage
        data={{ page: { html: text, title: "Membership Policies" }, policies, privacy }}
        pageContext={{ routePath: pathTo("policies") }}
      />,
    );
    expect(html).toContain(filled);
    expect(html).toContain("Membership Policies</h1>");
    expect(html).toMatch(new RegExp(`href="${pathTo("hold")}"[^>]*>Request a hold or cancellation<`));
  });

  test("a document page fills them in and offers the privacy request form", () => {
    const html = renderToStaticMarkup(
      <DocumentPage
        data={{ page: { html: text, title: "Privacy" }, policies, privacy }}
        pageContext={{ routePath: pathTo("privacy"), pageKey: "privacy" }}
      />,
    );
    expect(html).toContain(filled);
    expect(html).toMatch(new RegExp(`href="${pathTo("privacyRequest")}"[^>]*>Ask about your data<`));
  });

  test("a document page without its text fails the build instead of rendering empty", () => {
    expect(() =>
      renderToStaticMarkup(
        <DocumentPage data={{ page: null, policies, privacy }} pageContext={{ routePath: pathTo("privacy"), pageKey: "privacy" }} />,
      ),
    ).toThrow(/content\/pages\/privacy\.md/);
  });
});
