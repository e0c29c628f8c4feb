import { countWords, listsPeople, VIEW_LABELS, type InboxView } from "../../../src/desk/leads";

test("the list's count says people in a view of people, forms in a view of forms", () => {
  expect(countWords(0, true)).toBe("0 people");
  expect(countWords(1, true)).toBe("1 person");
  expect(countWords(3, true)).toBe("3 people");
  expect(countWords(0, false)).toBe("0 forms");
  expect(countWords(1, false)).toBe("1 form");
  expect(countWords(2, false)).toBe("2 forms");
});

test("every view lists people but Members and Spam, and a form filter naming a form that is no lead's", () => {
  const views = Object.keys(VIEW_LABELS) as InboxView[];
  expect(views.filter((view) => listsPeople(view, ""))).toEqual(["action", "new", "follow-up", "all", "stale"]);
  expect(listsPeople("all", "contact")).toBe(true);
  expect(listsPeople("stale", "intro")).toBe(true);
  expect(listsPeople("all", "signup")).toBe(false);
  expect(listsPeople("action", "privacy-request")).toBe(false);
  expect(listsPeople("members", undefined)).toBe(false);
});
