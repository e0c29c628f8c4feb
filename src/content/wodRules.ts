import { checkUnique, type ContentError } from "./contentError";
import { isIsoDate } from "./dates";
import type { Wod } from "./schemas";

/** The day a workout file is named for: "content/wod/2026-11-25.md" -> "2026-11-25" (a copy's "-1" aside). */
export function wodFileDate(file: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:-[^/]*)?\.md$/.exec(file.split("/").pop() ?? "");
  return match?.[1] && isIsoDate(match[1]) ? match[1] : undefined;
}

/**
 * The rules that span workout files (each file's own fields are checked by wodSchema): a file is
 * named for its day, its `date` is that day, and no day has two workouts. The web editor names a
 * second entry for a day "2026-11-25-1.md", so a duplicate is reported on its date, naming both files.
 */
export function checkWods(wods: ReadonlyArray<{ file: string; data: Wod }>): ContentError[] {
  const errors: ContentError[] = [];
  for (const { file, data } of wods) {
    const named = wodFileDate(file);
    if (!named) errors.push({ file, field: "(file name)", message: `must be the workout's date, like ${data.date}.md` });
    else if (named !== data.date) errors.push({ file, field: "date", message: `is ${data.date} but the file is named for ${named}` });
  }
  errors.push(
    ...checkUnique(
      "content/wod",
      wods.map(({ file, data }) => ({ field: "date", value: data.date, file })),
      "workout date",
    ),
  );
  return errors;
}
