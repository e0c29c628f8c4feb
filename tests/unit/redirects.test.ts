import { redirectLocation, redirects } from "../../src/redirects";
import { routes } from "../../src/routes";

const routePaths = new Set(routes.map((route) => route.path));

describe("redirect table", () => {
  test("every old path is absolute, has no trailing slash and appears once", () => {
    const froms = redirects.map((r) => r.from);
    for (const from of froms) {
      expect(from).toMatch(/^\/[^/?#]+(\/[^/?#]+)*$/);
    }
    expect(new Set(froms).size).toBe(froms.length);
  });

  test("every target is a page of the route table (with an optional query)", () => {
    for (const { to } of redirects) {
      const [path] = to.split("?");
      expect(routePaths).toContain(path);
    }
  });

  test("no old path is also a live page, and no redirect leads to another redirect", () => {
    const froms = new Set(redirects.flatMap((r) => [r.from, `${r.from}/`]));
    for (const path of routePaths) expect(froms).not.toContain(path);
    for (const { to } of redirects) expect(froms).not.toContain(to.split("?")[0]);
  });

  test("the old paths the previous site used are all covered", () => {
    expect(Object.fromEntries(redirects.map((r) => [r.from, r.to]))).toEqual({
      "/membership-store": "/contact/?interest=membership",
      "/retail-store": "/contact/?interest=membership",
      "/fundementals": "/programs/foundations/",
      "/basic-01": "/programs/foundations/",
      "/membership-change-cancellation": "/membership/policies/",
      "/policies": "/membership/policies/",
      "/scedule": "/schedule/",
      "/membership-hold-request": "/membership/membershipHold/",
    });
  });
});

test("a redirect keeps the visitor's query, the target's own parameters winning", () => {
  expect(redirectLocation("/schedule/", "")).toBe("/schedule/");
  expect(redirectLocation("/schedule/", "?program=kids")).toBe("/schedule/?program=kids");
  expect(redirectLocation("/contact/?interest=membership", "?utm_source=flyer&interest=x")).toBe(
    "/contact/?interest=membership&utm_source=flyer",
  );
});
