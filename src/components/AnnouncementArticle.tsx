import { type ReactNode } from "react";
import { PageHeader } from "./PageHeader";
import { Section } from "./Section";

/**
 * An announcement's page: used by the site's template and by the web editor's preview, so staff see
 * the post as visitors will.
 */
export function AnnouncementArticle({
  title,
  summary,
  date,
  isoDate,
  image,
  children,
}: {
  title: string;
  summary: string;
  /** As visitors read it: "November 2, 2026". */
  date: string;
  isoDate?: string;
  image?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article>
      <PageHeader eyebrow="Announcement" title={title} lead={summary}>
        <p>
          <time dateTime={isoDate}>{date}</time>
        </p>
      </PageHeader>
      <Section>
        {image}
        {children}
      </Section>
    </article>
  );
}
