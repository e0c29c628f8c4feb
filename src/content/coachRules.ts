import { coachAnchor } from "./coaches";
import { checkUnique, type ContentError } from "./contentError";
import { checkImages, checkProgramReferences } from "./crossChecks";
import type { CheckOptions, MarkdownFile } from "./checkInput";
import type { Coach, Intro, Schedule } from "./schemas";

/**
 * The coaches (content/coaches): each file passes its schema, its photo exists and its programs are
 * real; no two coaches share a name (each has its own anchor on the coaches page); and every coach
 * the schedule or the free-intro times name has a file, so every link to a coach's card lands.
 */
export function checkCoach(
  file: string,
  coach: Coach,
  programKeys: ReadonlySet<string>,
  fileExists: CheckOptions["fileExists"],
): ContentError[] {
  const errors: ContentError[] = [];
  if (!coachAnchor(coach.name)) {
    errors.push({ file, field: "name", message: "needs at least one letter a-z or digit (it names the coach's place on the page)" });
  }
  errors.push(
    ...checkImages(file, [{ field: "photo", path: coach.photo }], fileExists),
    ...checkProgramReferences(
      file,
      coach.programs.map((program, index) => ({ field: `programs[${index}]`, program })),
      programKeys,
    ),
  );
  return errors;
}

/** Two coaches with one name would share one anchor on the coaches page ("Dana" and "dana" too). */
export function checkCoachNames(coaches: ReadonlyArray<{ file: string; data: Coach }>): ContentError[] {
  return checkUnique(
    "content/coaches",
    coaches.map((coach) => ({ field: "name", value: coachAnchor(coach.data.name), file: coach.file })),
    "coach name",
  );
}

/** The names coach files declare, even in a file with other mistakes, so one typo is one problem. */
export function declaredCoachNames(files: readonly MarkdownFile[]): Set<string> {
  return new Set(
    files.flatMap((md) => {
      const name = (md.frontmatter as { name?: unknown } | undefined)?.name;
      return typeof name === "string" ? [name.trim()] : [];
    }),
  );
}

export function checkCoachReferences(
  file: string,
  references: ReadonlyArray<{ field: string; coach: string }>,
  names: ReadonlySet<string>,
): ContentError[] {
  const known = [...names].sort().join(", ") || "none yet";
  return references
    .filter((ref) => !names.has(ref.coach))
    .map((ref) => ({
      file,
      field: ref.field,
      message: `"${ref.coach}" is not a coach: add content/coaches/${coachAnchor(ref.coach) || "name"}.md or use a coach's name as written there (coaches: ${known})`,
    }));
}

/** The schedule's and the free-intro times' coaches, each against the coach files. */
export function checkCoachesNamed(
  files: { schedule: string; intro: string },
  schedule: Schedule | undefined,
  intro: Intro | undefined,
  names: ReadonlySet<string>,
): ContentError[] {
  return [
    ...checkCoachReferences(
      files.schedule,
      (schedule?.slots ?? []).flatMap((slot, index) => (slot.coach ? [{ field: `slots[${index}].coach`, coach: slot.coach }] : [])),
      names,
    ),
    ...checkCoachReferences(
      files.intro,
      (intro?.coaches ?? []).map((coach, index) => ({ field: `coaches[${index}].name`, coach: coach.name })),
      names,
    ),
  ];
}
