import type { ContentError } from "./contentError";
import { checkProgramReferences } from "./crossChecks";
import type { Testimonials } from "./schemas";

/**
 * Members' reviews (content/testimonials.json): "member since" is not a year still to come, and the
 * programs a review is shown with exist. `today` is the gym's date (YYYY-MM-DD).
 */
export function checkTestimonials(
  file: string,
  testimonials: Testimonials,
  programKeys: ReadonlySet<string>,
  today: string,
): ContentError[] {
  const year = Number(today.slice(0, 4));
  const errors: ContentError[] = [];
  testimonials.testimonials.forEach((review, index) => {
    if (review.memberSince > year) {
      errors.push({ file, field: `testimonials[${index}].memberSince`, message: `${review.memberSince} is in the future (it is ${year})` });
    }
    errors.push(
      ...checkProgramReferences(
        file,
        (review.programs ?? []).map((program, p) => ({ field: `testimonials[${index}].programs[${p}]`, program })),
        programKeys,
      ),
    );
  });
  return errors;
}
