import { buildNav, compareNav, type NavEntry, type NavLink } from "../../src/navigation";
import { routes, type Route } from "../../src/routes";

const route = (path: string, title: string, extra: Partial<Route> = {}): Route => ({
  name: "about",
  path,
  title,
  description: `${title} page`,
  keywords: [],
  layout: "default",
  template: "about",
  ...extra,
});

const labels = (entries: readonly NavEntry[]) => entries.map((entry) => entry.label);
const paths = (entries: readonly NavEntry[]) =>
  entries.flatMap((entry) => (entry.kind === "group" ? entry.items.map((item) => item.path) : [entry.path]));

describe("navigation rules", () => {
  test("excludes the sitemap and every route marked hidden", () => {
    const nav = buildNav(
      [
        route("/", "Home", { navOrder: 1 }),
        route("/sitemap/", "Sitemap", { navOrder: 2 }), // excluded even without noNav
        route("/portfolio/", "Gallery", { noNav: true }),
        route("/about/", "About Us", { navOrder: 3 }),
      ],
      "/",
    );
    expect(paths(nav.mobile)).toEqual(["/", "/about/"]);
  });

  test("sorts by navOrder, then by name, with unordered routes after ordered ones", () => {
    const nav = buildNav(
      [
        route("/zeta/", "Zeta"),
        route("/rates/", "Rates", { navOrder: 3 }),
        route("/alpha/", "Alpha"),
        route("/about/", "About Us", { navOrder: 3 }),
        route("/", "Home", { navOrder: 1 }),
        route("/later/", "Later", { navOrder: 10 }),
      ],
      "/",
    );
    expect(labels(nav.main)).toEqual(["Home", "About Us", "Rates", "Later", "Alpha", "Zeta"]);
  });

  test("compareNav: order first, then missing order last, then name", () => {
    expect(compareNav({ order: 1, label: "B" }, { order: 2, label: "A" })).toBeLessThan(0);
    expect(compareNav({ label: "A" }, { order: 99, label: "B" })).toBeGreaterThan(0);
    expect(compareNav({ order: 5, label: "Hold" }, { order: 5, label: "Policies" })).toBeLessThan(0);
  });

  test("groups nested paths under their first path segment", () => {
    const nav = buildNav(
      [
        route("/", "Home", { navOrder: 1 }),
        route("/membership/", "Membership", { noNav: true }),
        route("/membership/signup/", "Sign Up"),
        route("/membership/policies/", "Policies", { navOrder: 5 }),
        route("/membership/membershipHold/", "Hold & Cancel", { navOrder: 5 }),
        route("/rates/", "Rates", { navOrder: 6 }),
      ],
      "/",
    );
    expect(labels(nav.main)).toEqual(["Home", "Membership", "Rates"]);
    const group = nav.main[1];
    expect(group?.kind).toBe("group");
    if (group?.kind !== "group") return;
    expect(group.items.map((item) => item.label)).toEqual(["Hold & Cancel", "Policies", "Sign Up"]);
    // The parent page is hidden, so the group is a disclosure with no link of its own.
    expect(group.path).toBeUndefined();
  });

  test("a group whose parent is shown links to it and sits at the parent's position", () => {
    const nav = buildNav(
      [
        route("/programs/", "Programs", { navOrder: 2 }),
        route("/programs/kids/", "Kids", { navOrder: 9 }),
        route("/", "Home", { navOrder: 1 }),
        route("/about/", "About", { navOrder: 3 }),
      ],
      "/",
    );
    expect(labels(nav.main)).toEqual(["Home", "Programs", "About"]);
    const group = nav.main[1];
    expect(group?.kind === "group" && group.path).toBe("/programs/");
  });

  test("separates Schedule, Announcements, Events and Contact into the utility cluster", () => {
    const nav = buildNav(routes, "/");
    expect(nav.utility.map((link) => link.label)).toEqual(["News", "Events", "Schedule", "Contact"]);
    const mainPaths = paths(nav.main);
    for (const link of nav.utility) expect(mainPaths).not.toContain(link.path);
  });

  test("on mobile, every link comes in one list with Contact last", () => {
    const nav = buildNav(
      [
        route("/contact/", "Contact Us", { navLabel: "Contact", utility: true, navOrder: 1 }),
        route("/schedule/", "Schedule", { utility: true, navOrder: 10 }),
        route("/", "Home", { navOrder: 1 }),
      ],
      "/",
    );
    // Contact has the lowest order here, yet stays last.
    expect(nav.utility.map((link) => link.label)).toEqual(["Schedule", "Contact"]);
    expect(labels(nav.mobile)).toEqual(["Home", "Schedule", "Contact"]);
  });

  test("marks the current page, and the group that contains it", () => {
    const nav = buildNav(routes, "/membership/policies/");
    const all: NavLink[] = [...nav.main.flatMap((entry) => (entry.kind === "group" ? entry.items : [entry])), ...nav.utility];
    expect(all.filter((link) => link.current).map((link) => link.path)).toEqual(["/membership/policies/"]);
    const group = nav.main.find((entry) => entry.kind === "group");
    expect(group?.current).toBe(true);
    // A path without its trailing slash is the same page.
    expect(buildNav(routes, "/rates").main.find((entry) => entry.label === "Rates")?.current).toBe(true);
  });

  test("the site's own navigation, as visitors see it", () => {
    const nav = buildNav(routes, "/");
    expect(labels(nav.main)).toEqual(["Home", "WOD", "About", "Rates", "Coaches", "Membership"]);
    expect(labels(nav.mobile)).toEqual(["Home", "WOD", "About", "Rates", "Coaches", "Membership", "News", "Events", "Schedule", "Contact"]);
  });
});
