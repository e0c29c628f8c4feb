import type { SentWords } from "../sentWords";

export function holdSent(type: string): SentWords {
  return {
    title: type === "cancel" ? "Your cancellation notice is in" : "Your hold request is in",
    paragraphs: ["We will confirm it by email within two business days."],
  };
}
