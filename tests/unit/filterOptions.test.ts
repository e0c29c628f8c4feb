import {
  categoryFilterOptions,
  galleriesIn,
  galleryCategories,
  programFilterOptions,
  selectedCategory,
  selectedProgram,
  slotsOf,
} from "../../src/filterOptions";

const programs = [
  { key: "crossfit", title: "CrossFit" },
  { key: "kids", title: "CrossFit Kids" },
];

describe("the schedule's program filter", () => {
  test("offers all classes first, then each program, keeping the address's other parameters", () => {
    expect(programFilterOptions("/schedule/", "?program=kids&utm_source=flyer", programs)).toEqual([
      { value: null, label: "All classes", href: "/schedule/?utm_source=flyer" },
      { value: "crossfit", label: "CrossFit", href: "/schedule/?program=crossfit&utm_source=flyer" },
      { value: "kids", label: "CrossFit Kids", href: "/schedule/?program=kids&utm_source=flyer" },
    ]);
  });

  test("links to the bare page for all classes when the address has nothing else", () => {
    expect(programFilterOptions("/schedule/", "", programs)[0]?.href).toBe("/schedule/");
  });

  test("chooses only a known program", () => {
    expect(selectedProgram("?program=kids", ["crossfit", "kids"])).toBe("kids");
    expect(selectedProgram("?program=yoga", ["crossfit", "kids"])).toBeNull();
  });

  test("keeps the chosen program's classes, or every class", () => {
    const slots = [{ program: "crossfit" }, { program: "kids" }, { program: "crossfit" }];
    expect(slotsOf(slots, "kids")).toEqual([{ program: "kids" }]);
    expect(slotsOf(slots, null)).toEqual(slots);
  });
});

describe("the gallery's category filter", () => {
  const galleries = [
    { name: "Events 1", category: "events" },
    { name: "Branding", category: "branding" },
    { name: "Events 2", category: "events" },
  ];

  test("lists each category with a gallery once, in the galleries' order", () => {
    expect(galleryCategories(galleries)).toEqual(["events", "branding"]);
  });

  test("offers all photos first, then each category by its name for visitors", () => {
    expect(categoryFilterOptions("/portfolio/", ["events", "bts", "other"])).toEqual([
      { value: null, label: "All photos", href: "/portfolio/" },
      { value: "events", label: "Events", href: "/portfolio/?category=events" },
      { value: "bts", label: "Behind the scenes", href: "/portfolio/?category=bts" },
      { value: "other", label: "other", href: "/portfolio/?category=other" },
    ]);
  });

  test("chooses only a category that has a gallery", () => {
    expect(selectedCategory("?category=events", ["events", "branding"])).toBe("events");
    expect(selectedCategory("?category=bts", ["events", "branding"])).toBeNull();
    expect(selectedCategory("", ["events"])).toBeNull();
  });

  test("keeps the chosen category's galleries, or all of them", () => {
    expect(galleriesIn(galleries, "events").map((gallery) => gallery.name)).toEqual(["Events 1", "Events 2"]);
    expect(galleriesIn(galleries, null)).toEqual(galleries);
  });
});
