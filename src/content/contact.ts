/** Contact links built from site.json. Pure. */

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

interface Place {
  name: string;
  address: { street: string; locality: string; region: string; postalCode: string };
}

/** "CrossFit Graham, 10615 224th St E, Suite B, Graham, WA 98338": for calendars, e-mails and maps. */
export function placeLine(site: Place): string {
  const a = site.address;
  return `${site.name}, ${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}

/** A universal maps link: opens the maps app on phones, Google Maps elsewhere. */
export function mapsUrl(site: Place): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(placeLine(site))}`;
}

/**
 * +1-253-555-0142 -> (253) 555-0142, with a non-breaking space and hyphen so the number never
 * wraps across two lines.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^1/, "");
  return digits.length === 10 ? `(${digits.slice(0, 3)})\u00a0${digits.slice(3, 6)}\u2011${digits.slice(6)}` : phone;
}
