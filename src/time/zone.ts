import siteJson from "../../content/site.json";

/**
 * The gym's IANA time zone, read once from content/site.json, the file the pages, the build and the
 * server are all made from: the build checks it (src/content/schemas.ts) before anything uses it, the
 * form functions bundle it, and the console's and the editor's bundles carry it. Every clock and
 * formatter in src/time/ works in it unless it is handed another zone.
 */
export const GYM_ZONE: string = siteJson.timeZone;
