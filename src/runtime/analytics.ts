/**
 * Analytics calls the site makes itself (page views: ./pageViews.ts). The tags are loaded only when
 * configured, only on pages that may carry them and only for visitors who have not asked not to be
 * tracked (see src/ssr/analyticsTags.tsx); everything here is a no-op otherwise, so the site never
 * depends on them.
 */
type AnalyticsWindow = Window & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

/** A form that reached the gym (contact, sign-up, intro, drop-in): GA4's recommended `generate_lead` event. */
export function trackLead(form: "contact" | "signup" | "intro" | "drop-in" | "kids-trial"): void {
  if (typeof window === "undefined") return;
  const win = window as AnalyticsWindow;
  try {
    if (typeof win.gtag === "function") win.gtag("event", "generate_lead", { form_name: form });
    else if (Array.isArray(win.dataLayer)) win.dataLayer.push({ event: "generate_lead", form_name: form });
  } catch (error) {
    console.warn("Analytics event failed", error);
  }
}
