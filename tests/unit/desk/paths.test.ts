import { consolePath, leadPath, staffPaths } from "../../../src/desk/paths";

test("a page of the console is kept as its path and query, so sign-in lands there", () => {
  expect(consolePath("/staff/")).toBe("/staff/");
  expect(consolePath(leadPath("C-0000000001"))).toBe("/staff/lead/?id=C-0000000001");
  expect(consolePath("/staff/?view=new&q=ana")).toBe("/staff/?view=new&q=ana");
  // A fragment is the page's own business (a sign-in token rides there): it is left behind.
  expect(consolePath("/staff/intros/#today")).toBe("/staff/intros/");
});

test("anything that would leave the console, or the site, is refused: never an open redirect", () => {
  for (const elsewhere of [
    "https://attacker.example/staff/",
    "//attacker.example/staff/",
    "/\\attacker.example/staff/",
    "\\\\attacker.example/staff/",
    "/staff/../admin/",
    "/staff/%2e%2e/admin/",
    " /staff/",
    "javascript:alert(1)//staff/",
    "/",
    "/staffing/",
    "/contact/",
    "",
    staffPaths.signIn,
    `${staffPaths.signIn}?next=/staff/`,
    `/staff/${"a".repeat(500)}`,
  ]) {
    expect([elsewhere, consolePath(elsewhere)]).toEqual([elsewhere, undefined]);
  }
  for (const notText of [undefined, null, 42, ["/staff/"], { path: "/staff/" }]) expect(consolePath(notText)).toBeUndefined();
  // An encoded slash is no separator to a browser: the path stays in the console (a page it does not have).
  expect(consolePath("/staff/..%2f..%2fadmin/")).toBe("/staff/..%2f..%2fadmin/");
});
