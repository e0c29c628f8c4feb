import { buildSitemapTree } from "../../src/sitemapTree";

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
