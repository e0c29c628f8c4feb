/**
 * Which analytics tools a build includes, decided once from the public ids in the build's environment
 * (GATSBY_GA_MEASUREMENT_ID, GATSBY_GTM_ID). gatsby-config adds a tool's plugin only when its id is
 * set, and gatsby-node allows Google's hosts in the Content-Security-Policy only then; both ask here,
 * so the page's tags and the policy never disagree. An id counts once trimmed: a stray space or an
 * empty setting means the tool is off.
 *
 * Pure (the environment is passed in), so unit tests and any other code can use it as it is; only
 * buildAnalyticsIds reads the build's own environment.
 */
export interface AnalyticsIds {
  /** Google Analytics 4 measurement id ("G-..."), or null when unset. */
  gaMeasurementId: string | null;
  /** Google Tag Manager container id ("GTM-..."), or null when unset. */
  gtmId: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

const id = (value: string | undefined): string | null => value?.trim() || null;

export function analyticsIds(env: Env): AnalyticsIds {
  return { gaMeasurementId: id(env.GATSBY_GA_MEASUREMENT_ID), gtmId: id(env.GATSBY_GTM_ID) };
}

/** True when the build includes either tool. */
export function analyticsEnabled(env: Env): boolean {
  const { gaMeasurementId, gtmId } = analyticsIds(env);
  return gaMeasurementId !== null || gtmId !== null;
}

/**
 * The ids this build was made with, for the HTML renderer and the browser: Gatsby writes each
 * `process.env.GATSBY_*` name into those bundles as its value, but `process.env` itself is empty there.
 */
export function buildAnalyticsIds(): AnalyticsIds {
  // `gatsby develop` counts nothing: a developer's clicks are not visits.
  if (process.env.NODE_ENV !== "production") return { gaMeasurementId: null, gtmId: null };
  return analyticsIds({ GATSBY_GA_MEASUREMENT_ID: process.env.GATSBY_GA_MEASUREMENT_ID, GATSBY_GTM_ID: process.env.GATSBY_GTM_ID });
}
