import { formatLongDate, isIsoDate } from "../../content/dates";
import type { SentWords } from "../sentWords";

/** `fee`: the drop-in fee as shown ("$20"). */
export function dropInSent(visitDate: string, fee: string): SentWords {
  return {
    title: `See you ${isIsoDate(visitDate) ? `on ${formatLongDate(visitDate)}` : "soon"}`,
    paragraphs: [
      `A coach will e-mail you before your visit to say which class suits you best. The waiver is signed, so on the day you only pay the ${fee} drop-in fee.`,
    ],
  };
}
