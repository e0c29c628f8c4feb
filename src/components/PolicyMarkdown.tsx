import { fillPlaceholders, placeholderValues } from "../content/policies";
import type { Policies, Privacy } from "../content/schemas";
import { Markdown } from "./Markdown";

/** Staff-written text whose {{holdNoticeDays}}-style placeholders show the numbers in policies.json and privacy.json. */
export function PolicyMarkdown({ html, policies, privacy }: { html: string; policies: Policies; privacy: Privacy }) {
  return <Markdown html={fillPlaceholders(html, placeholderValues(policies, privacy))} />;
}
