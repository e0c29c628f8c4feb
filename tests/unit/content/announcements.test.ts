import { isListed, listedAnnouncements } from "../../../src/content/announcements";
import { announcementSlug, slugify } from "../../../src/content/slugs";

describe("announcement list", () => {
  const entries = [
    { slug: "old", date: "2026-09-14", expires: "2026-10-25" },
    { slug: "newest", date: "2026-11-16", expires: "2026-12-01" },
    { slug: "middle", date: "2026-10-12" },
    { slug: "also-middle", date: "2026-10-12" },
  ];

  test("newest first, ties by address, expired ones left out", () => {
    expect(listedAnnouncements(entries, "2026-11-22").map((e) => e.slug)).toEqual(["newest", "also-middle", "middle"]);
  });

  test("an announcement leaves the list on its expiry date", () => {
    expect(isListed({ slug: "x", date: "2026-11-16", expires: "2026-12-01" }, "2026-11-30")).toBe(true);
    expect(isListed({ slug: "x", date: "2026-11-16", expires: "2026-12-01" }, "2026-12-01")).toBe(false);
    expect(isListed({ slug: "x", date: "2026-11-16" }, "2030-01-01")).toBe(true);
  });
});

describe("page addresses", () => {
  test("the file's date prefix only orders files", () => {
    expect(announcementSlug("2026-11-16-thanksgiving-hours")).toBe("thanksgiving-hours");
    expect(announcementSlug("2026-11-16-Turkey Burner & Pie!")).toBe("turkey-burner-and-pie");
    expect(slugify("Café Zumba")).toBe("cafe-zumba");
  });
});
