/**
 * The gym's door on the map, written as Google Maps copies it: "47.053121, -122.294612" (latitude,
 * longitude). Staff paste one string instead of splitting two numbers, and a string keeps the
 * decimals a JSON number would drop (47.05310 is five decimals, 47.0531 four). Four decimals place the
 * door within about 11 m, on the gym's block: enough to publish, as the site's specification asks for
 * the gym's position in its structured data. Google's local business markup recommends five (about a
 * metre), which the editor's hint asks for. Fewer than four is refused, and nothing is ever padded: a
 * zero added by us would claim a precision nobody measured. Pure.
 */

/**
 * For the web editor's pattern too (src/cms/settings.ts): the build's rule as staff type, the ranges
 * included, so a position swapped round (longitude first) is refused before it is published.
 */
const LATITUDE = String.raw`-?(?:90\.0{4,}|[1-8]?\d\.\d{4,})`;
const LONGITUDE = String.raw`-?(?:180\.0{4,}|(?:1[0-7]\d|[1-9]?\d)\.\d{4,})`;
export const MAP_POSITION = new RegExp(String.raw`^\s*(${LATITUDE})\s*,\s*(${LONGITUDE})\s*$`);
export const MAP_POSITION_MESSAGE =
  'must be the latitude and longitude as Google Maps copies them, each with four decimals or more, like "47.053121, -122.294612"';

/**
 * Each coordinate as written, not as a number: "47.05310" would print as 47.0531, four decimals, and
 * schema.org's latitude and longitude take text as well as numbers.
 */
export interface Coordinates {
  latitude: string;
  longitude: string;
}

/** The coordinates in `text`, or null when it is not a position on Earth with four decimals or more. */
export function parseMapPosition(text: string): Coordinates | null {
  const [, latitude, longitude] = MAP_POSITION.exec(text) ?? [];
  return latitude && longitude ? { latitude, longitude } : null;
}
