import { pathTo, routes } from "../../src/routes";
import { sectionPages } from "../../src/sectionPages";

describe("a section's pages", () => {
  test("membership lists the pages under its path, in route-table order, and not itself", () => {
    expect(sectionPages(pathTo("membership")).map((route) => route.name)).toEqual(["signup", "policies", "hold"]);
  });

  test("a page added under the section's path is listed without other changes", () => {
    const membership = routes.find((route) => route.name === "membership");
    if (!membership) throw new Error("no membership route");
    const freeze = { ...membership, path: `${membership.path}freeze/`, title: "Freeze" };
    expect(sectionPages(membership.path, [...routes, freeze]).map((route) => route.title)).toContain("Freeze");
  });

  test("a path that only shares its first letters is not inside the section", () => {
    const membership = routes.find((route) => route.name === "membership");
    if (!membership) throw new Error("no membership route");
    const near = { ...membership, path: "/membership-store/", title: "Store" };
    expect(sectionPages(pathTo("membership"), [...routes, near]).map((route) => route.title)).not.toContain("Store");
  });
});
