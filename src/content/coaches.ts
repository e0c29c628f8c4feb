import { pathTo } from "../routes";
import { slugify } from "./slugs";

/** Where a coach is on the coaches page: "Dana" -> "dana", "/coaches/#dana". Pure. */

/** The id of a coach's card on the coaches page, from the coach's name. */
export function coachAnchor(name: string): string {
  return slugify(name);
}

/** The link to a coach's card, for the schedule's class rows and anywhere a coach is named. */
export function coachPath(name: string): string {
  return `${pathTo("coaches")}#${coachAnchor(name)}`;
}
