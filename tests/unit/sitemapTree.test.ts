import { announcementPath, pathTo } from "../../src/routes";
import { buildSitemapTree, sitemapPages } from "../../src/sitemapTree";

test("pages nest under the longest page path they extend; top-level pages sit beside Home", () => {
  const tree = buildSitemapTree([
    { path: "/", title: "Home" },
    { path: "/membership/", title: "Membership" },
    { path: "/membership/signup/", title: "Sign Up" },
    { path: "/announcements/", title: "Announcements" },
    { path: "/announcements/a/", title: "A" },
  ]);
  expect(tree.map((node) => [node.title, node.children.map((child) => child.title)])).toEqual([
    ["Home", []],
    ["Membership", ["Sign Up"]],
    ["Announcements", ["A"]],
  ]);
});

test("the sitemap lists the route table's pages and puts every announcement under Announcements", () => {
  const pages = sitemapPages(
    [
      { path: pathTo("home"), title: "Home" },
      { path: pathTo("announcements"), title: "Announcements" },
    ],
    [{ slug: "holiday-hours", title: "Holiday hours" }],
  );
  expect(pages).toEqual([
    { path: "/", title: "Home" },
    { path: "/announcements/", title: "Announcements" },
    { path: announcementPath("holiday-hours"), title: "Holiday hours" },
  ]);
  expect(buildSitemapTree(pages)[1]?.children.map((node) => node.title)).toEqual(["Holiday hours"]);
});
