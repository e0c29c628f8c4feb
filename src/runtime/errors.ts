/** Helpers for the error page. Pure. */

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|lighthouse/i;

export function isBot(userAgent: string): boolean {
  return BOT.test(userAgent);
}

/** A short code for the heading: the error's own code when it has one, else its name. */
export function errorCode(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" || typeof code === "number") return String(code);
    const name = (error as { name?: unknown }).name;
    if (typeof name === "string" && name) return name;
  }
  return "Error";
}
