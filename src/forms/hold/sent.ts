import type { SentWords } from "../sentWords";

/** `type`: "hold" or "cancel"; anything else (a page that does not know the request) names neither. */
export function holdSent(type: string): SentWords {
  return {
    title: type === "cancel" ? "Your cancellation notice is in" : type === "hold" ? "Your hold request is in" : "Your request is in",
    paragraphs: ["We will confirm it by email within two business days."],
  };
}
