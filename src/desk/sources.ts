import type { VisitSource } from "../forms/visitSource";
import { findRoute } from "../routes";

/**
 * Where a lead came from, as the reports name it: the channel, whatever each site or campaign wrote
 * ("facebook", "Facebook", "fb", "m.facebook.com" and "l.facebook.com" are all Facebook). Pure: the
 * server's reports group by it; the raw values stay beside it (SourceRow.raw).
 *
 * The raw value is the visit's utm_source, else the host of the site it came from (without "www."),
 * else "Direct" (typed in, a bookmark); null when the store has no source for the lead at all.
 */
export function rawSource(source: VisitSource | null): string | null {
  if (!source) return null;
  const utm = source.utmSource?.trim();
  if (utm) return utm;
  const host = source.referrerHost
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, "");
  return host || "Direct";
}

/** Each channel, and what its utm values and hosts look like (lower case; a host matches with any subdomain). */
const CHANNELS: ReadonlyArray<{ name: string; values: readonly string[]; hosts: readonly string[] }> = [
  { name: "Facebook", values: ["facebook", "fb", "facebook.com", "meta"], hosts: ["facebook.com", "fb.com", "fb.me", "m.me"] },
  { name: "Instagram", values: ["instagram", "ig", "insta", "instagram.com"], hosts: ["instagram.com"] },
  { name: "Google", values: ["google", "googleads", "adwords", "gmb", "google.com"], hosts: ["google.com", "googleadservices.com"] },
  { name: "Bing", values: ["bing"], hosts: ["bing.com"] },
  { name: "Yelp", values: ["yelp"], hosts: ["yelp.com"] },
  { name: "TikTok", values: ["tiktok"], hosts: ["tiktok.com"] },
  { name: "YouTube", values: ["youtube", "yt"], hosts: ["youtube.com", "youtu.be"] },
  { name: "Nextdoor", values: ["nextdoor"], hosts: ["nextdoor.com"] },
  { name: "E-mail", values: ["email", "e-mail", "newsletter", "mailchimp"], hosts: [] },
];

/** Google's search answers from many country hosts: google.co.uk, google.de, ... */
const GOOGLE_COUNTRY = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/;

/** The channel a raw source names: one of CHANNELS, "Direct", or the raw value itself when it is none of them. */
export function sourceChannel(raw: string | null): string | null {
  if (raw === null) return null;
  if (raw === "Direct") return raw;
  const value = raw.trim().toLowerCase();
  for (const channel of CHANNELS) {
    if (channel.values.includes(value)) return channel.name;
    if (channel.hosts.some((host) => value === host || value.endsWith(`.${host}`))) return channel.name;
  }
  if (GOOGLE_COUNTRY.test(value)) return "Google";
  return raw.trim();
}

/** A value's letters and digits alone: "E-mail" and "email" say the same. */
const bare = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Where a lead came from in a line of words, as the new-lead alert says it: the channel the reports
 * count it under, then the value as sent where it says more than the channel ("Facebook
 * (m.facebook.com)", but "Facebook" for utm_source=facebook); "Unknown" without a source.
 */
export function sourceWords(source: VisitSource | null): string {
  const raw = rawSource(source);
  const channel = sourceChannel(raw);
  if (raw === null || channel === null) return "Unknown";
  return bare(raw) === bare(channel) ? channel : `${channel} (${raw.trim()})`;
}

/** Where a person came from, as their page's first line says it: "From Facebook", "Came to the site directly". */
export function fromWords(source: VisitSource | null): string {
  const channel = sourceChannel(rawSource(source));
  if (channel === null) return "From an unknown source";
  return channel === "Direct" ? "Came to the site directly" : `From ${channel}`;
}

/**
 * A page of the site as staff say it: "the home page", "the Free Intro page" (its title in the route
 * table); a page the table does not name (an announcement, an event) by its address.
 */
export function pageWords(path: string): string {
  const route = findRoute(path.endsWith("/") ? path : `${path}/`);
  if (!route) return path;
  return route.name === "home" ? "the home page" : `the ${route.title} page`;
}
