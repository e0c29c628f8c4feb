/**
 * The gym's door on the map, written as Google Maps copies it: "47.053121, -122.294612" (latitude,
 * longitude). Staff paste one string instead of splitting two numbers, and a string keeps the
 * decimals a JSON number would drop (47.05310 is five decimals, 47.0531 four). Google's local
 * business markup asks for five decimals or more (about a metre), so fewer is refused, never padded:
 * a zero added by us would claim a precision nobody measured. Pure.
 */

/** For the web editor's pattern too (src/cms/settings.ts): the build's rule as staff type. */
export const MAP_POSITION = /^\s*(-?\d{1,3}\.\d{5,})\s*,\s*(-?\d{1,3}\.\d{5,})\s*$/;
export const MAP_POSITION_MESSAGE =
  'must be the latitude and longitude as Google Maps copies them, each with five decimals or more, like "47.053121, -122.294612"';

/**
 * Each coordinate as written, not as a number: "47.05310" would print as 47.0531, four decimals, and
 * schema.org's latitude and longitude take text as well as numbers.
 */
export interface Coordinates {
  latitude: string;
  longitude: string;
}

/** The coordinates in `text`, or null when it is not a position on Earth with five decimals or more. */
export function parseMapPosition(text: string): Coordinates | null {
  const match = MAP_POSITION.exec(text);
  if (!match) return null;
  const [, latitude = "", longitude = ""] = match;
  return Math.abs(Number(latitude)) <= 90 && Math.abs(Number(longitude)) <= 180 ? { latitude, longitude } : null;
}
