import { type ReactNode } from "react";
import { Faq } from "./Faq";
import { Highlights } from "./Highlights";
import { PageHeader } from "./PageHeader";
import { Section } from "./Section";

/**
 * A program's page: its heading, photo, highlights and text, then `children` (class times and rates,
 * which come from other files), then its questions. Used by the site's template and by the web
 * editor's preview.
 */
export function ProgramArticle({
  title,
  tagline,
  audience,
  image,
  highlights,
  faq,
  body,
  children,
}: {
  title: string;
  tagline: string;
  audience?: string;
  image?: ReactNode;
  highlights: readonly string[];
  faq: ReadonlyArray<{ question: string; answer: string }>;
  body: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={audience} title={title} lead={tagline} />
      <Section>
        {image}
        <Highlights items={highlights} />
        {body}
      </Section>
      {children}
      {faq.length > 0 && (
        <Section title="Questions" id="faq" tone="muted">
          <Faq items={faq} />
        </Section>
      )}
    </>
  );
}
