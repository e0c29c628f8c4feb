import type { VisitSource } from "../forms/visitSource";
import { VISIT_SOURCE_KEY, type KeptVisit } from "./visitSource";

/** Names the parts the visit's first page kept (visitSource.ts): what a form sends; none without storage. */
export function namedVisit([landingPage, referrerHost, utmSource, utmMedium, utmCampaign]: KeptVisit): VisitSource {
  return { landingPage, referrerHost, utmSource, utmMedium, utmCampaign };
}

/** What a form sends as its source. */
export function keptVisitSource(): VisitSource | undefined {
  try {
    const kept = sessionStorage.getItem(VISIT_SOURCE_KEY);
    return kept ? namedVisit(JSON.parse(kept) as KeptVisit) : undefined;
  } catch {
    return undefined;
  }
}
