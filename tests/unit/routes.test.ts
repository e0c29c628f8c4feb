import { announcementPath, linkTo, pathTo, routes } from "../../src/routes";

describe("route table", () => {
  it("gives every route its own name and its own path", () => {
    expect(new Set(routes.map((route) => route.name)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });

  it("finds each path by its name", () => {
    for (const route of routes) expect(pathTo(route.name)).toBe(route.path);
    expect(pathTo("rates")).toBe("/rates/");
  });

  it("labels a link with the route's short label, else its title", () => {
    expect(linkTo("contact")).toEqual({ path: "/contact/", label: "Contact" });
    expect(linkTo("gallery")).toEqual({ path: "/portfolio/", label: "Gallery" });
  });

  it("puts an announcement under the announcements page", () => {
    expect(announcementPath("fall-throwdown")).toBe("/announcements/fall-throwdown/");
  });
});
