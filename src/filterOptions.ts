// Only the type: the labels below must name every category the content checks allow.
import type { CATEGORIES } from "./content/schemas";
import { programFilter, withProgramFilter } from "./schedule/week";

/**
 * The schedule's and the gallery's filters: which choice the address makes, the links that change it,
 * and what is left after filtering. Pure; the FilterBar component draws the options.
 */

export interface FilterOption {
  /** The key in the address, or null for "show everything". */
  value: string | null;
  label: string;
  href: string;
}

interface ProgramTitle {
  key: string;
  title: string;
}

/** The schedule's program filter from its query string: a known program key, or null for all. */
export const selectedProgram = programFilter;

/** "All classes", then one option per program; each link keeps the address's other parameters. */
export function programFilterOptions(path: string, search: string, programs: readonly ProgramTitle[]): FilterOption[] {
  return [
    { value: null, label: "All classes", href: `${path}${withProgramFilter(search, null)}` },
    ...programs.map((program) => ({
      value: program.key,
      label: program.title,
      href: `${path}${withProgramFilter(search, program.key)}`,
    })),
  ];
}

/** The classes of one program, or every class when none is chosen. */
export function slotsOf<T extends { program: string }>(slots: readonly T[], program: string | null): T[] {
  return slots.filter((slot) => !program || slot.program === program);
}

/** What visitors read for each gallery category in content/galleries. */
export const CATEGORY_LABELS: Readonly<Record<(typeof CATEGORIES)[number], string>> = {
  branding: "Branding",
  events: "Events",
  bts: "Behind the scenes",
};

function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Readonly<Record<string, string>>)[category] ?? category;
}

/** The categories that have a gallery, in the galleries' order, each once. */
export function galleryCategories(galleries: readonly { category: string }[]): string[] {
  return [...new Set(galleries.map((gallery) => gallery.category))];
}

/** The gallery's category filter from its query string: a category that has a gallery, or null for all. */
export function selectedCategory(search: string, categories: readonly string[]): string | null {
  const requested = new URLSearchParams(search).get("category");
  return requested && categories.includes(requested) ? requested : null;
}

/** "All photos", then one option per category. */
export function categoryFilterOptions(path: string, categories: readonly string[]): FilterOption[] {
  return [
    { value: null, label: "All photos", href: path },
    ...categories.map((category) => ({
      value: category,
      label: categoryLabel(category),
      href: `${path}?${new URLSearchParams({ category }).toString()}`,
    })),
  ];
}

/** The galleries of one category, or all of them when none is chosen. */
export function galleriesIn<T extends { category: string }>(galleries: readonly T[], category: string | null): T[] {
  return galleries.filter((gallery) => !category || gallery.category === category);
}
