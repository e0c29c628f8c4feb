import { checkUnique, type ContentError } from "./contentError";
import { checkImages } from "./crossChecks";
import type { CheckOptions } from "./checkInput";
import type { GymEvent } from "./schemas";

/**
 * Events beyond their own fields: one page address each, the photo is there, and a link to this site
 * ("/contact/") leads to a page the site builds, so a typo never sends visitors to the 404 page.
 */
export function checkEvents(
  events: ReadonlyArray<{ file: string; slug: string; data: GymEvent }>,
  fileExists: CheckOptions["fileExists"],
  /** Every page address the site builds, with its trailing slash. */
  pagePaths: ReadonlySet<string>,
): ContentError[] {
  const errors = checkUnique(
    "content/events",
    events.map((event) => ({ field: "(file name)", value: event.slug, file: event.file })),
    "page address /events/",
  );
  for (const { file, data } of events) {
    if (data.image) errors.push(...checkImages(file, [{ field: "image", path: data.image }], fileExists));
    const url = data.registerUrl;
    if (url?.startsWith("/")) {
      const pagePath = url.split(/[?#]/)[0] ?? url;
      if (!pagePaths.has(pagePath)) {
        const hint = pagePaths.has(`${pagePath}/`) ? `: write "${pagePath}/"` : "";
        errors.push({ file, field: "registerUrl", message: `"${url}" is not a page of this site${hint}` });
      }
    }
  }
  return errors;
}
