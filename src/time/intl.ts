/**
 * The one place the site builds `Intl.DateTimeFormat`s, and their one cache: building a formatter loads
 * the zone's and the locale's data, which costs far more than using it (about 100 ms the first time on
 * a phone), and every page build, answer and console screen needs the same few. Always en-US: the
 * gym's visitors and staff read American English.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions, zone: string): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formats.set(key, found);
  }
  return found;
}

/** True for a zone Intl knows ("America/Denver"); a name it does not know throws when a formatter is built. */
export function isTimeZone(zone: string): boolean {
  try {
    dateTimeFormat({}, zone);
    return true;
  } catch {
    return false;
  }
}
