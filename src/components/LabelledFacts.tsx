import type { ReactNode } from "react";

export interface FactLink {
  href: string;
  text: string;
}

export interface LabelledFact {
  label: string;
  text: string;
  link?: FactLink | null;
}

/** A plain <a>, as the page a form sent without JavaScript writes a fact's link (src/server/forms/answerPage.ts). */
const plainLink = (link: FactLink): ReactNode => <a href={link.href}>{link.text}</a>;

/**
 * Facts each under its label, as a definition list, a fact's link after its text: what a newcomer needs
 * before a first visit (FirstVisit.tsx) and where to go once an intro is booked (SentMessage in
 * form/FormShell.tsx). `link` draws a fact's link, a plain <a> unless the page says otherwise. (A
 * compact table of label/value pairs is FactList.tsx.)
 */
export function LabelledFacts({
  facts,
  className,
  link = plainLink,
}: {
  facts: readonly LabelledFact[];
  className?: string;
  link?: (link: FactLink) => ReactNode;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>
            {fact.text}
            {fact.link && <> {link(fact.link)}</>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
