import type { PersonEventKind } from "../store/schema";

/** A line of a person's timeline as far as whose it is goes (person_events, migration 18). */
export interface LineOrigin {
  id: number;
  /** The person it is on now. */
  person: string;
  /** The person it was written on, once a merge moved it (null: `person`; '' when not known). */
  writtenOn: string | null;
  kind: PersonEventKind;
  /** A merge's line: the reference of the person merged away. */
  body: string | null;
}

const writtenOn = (line: LineOrigin) => line.writtenOn ?? line.person;

/**
 * The lines of a timeline that concern the addresses of the person made as `origin` (an address key's
 * `made_for`): every line written on that person, and once the owner merged them into another, the
 * merge's line and every line written on the survivor since (the two are one person from then on), and
 * so on up each later merge. Not the survivor's lines from before it took them in, nor those of anyone
 * else merged into it: those concern other addresses. A line whose person is not known ('', a merge
 * before migration 18 moved it) concerns no one here. Line ids count up as lines are written: a line
 * is written to a person under their row's lock, which a merge holds until it commits.
 */
export function linesOfOrigin(lines: readonly LineOrigin[], origin: string): Set<number> {
  const mergedAway = new Map(
    lines.filter((line) => line.kind === "merge" && line.body !== null && writtenOn(line) !== "").map((line) => [line.body, line]),
  );
  const found = new Set<number>();
  const passed = new Set<string>();
  let person = origin;
  let since = -Infinity;
  while (person !== "" && !passed.has(person)) {
    passed.add(person);
    for (const line of lines) if (writtenOn(line) === person && line.id >= since) found.add(line.id);
    const merge = mergedAway.get(person);
    if (!merge) break;
    person = writtenOn(merge);
    since = merge.id;
  }
  return found;
}

/** The lines that concern only the people made as `gone` and none made as `kept`: what goes with their addresses. */
export function linesOnlyOf(lines: readonly LineOrigin[], gone: readonly string[], kept: readonly string[]): Set<number> {
  const stays = new Set(kept.flatMap((origin) => [...linesOfOrigin(lines, origin)]));
  const only = new Set<number>();
  for (const origin of gone) for (const id of linesOfOrigin(lines, origin)) if (!stays.has(id)) only.add(id);
  // Not known whose: it may be theirs, so it goes with them.
  if (gone.length > 0) for (const line of lines) if (line.writtenOn === "") only.add(line.id);
  return only;
}
