import type { SentWords } from "../sentWords";

export function contactSent(): SentWords {
  return { title: "Thanks, your message is on its way", paragraphs: ["A coach will answer within one business day, usually sooner."] };
}
