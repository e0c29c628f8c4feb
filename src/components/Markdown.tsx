/**
 * HTML that gatsby-transformer-remark rendered at build time from staff-written markdown. Raw HTML in
 * it fails the build (src/content/rawHtml.ts); `data-markdown` marks it so the CSP builder never
 * allows a script found inside (src/node/csp.ts).
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose ${className}` : "prose"} data-markdown="" dangerouslySetInnerHTML={{ __html: html }} />;
}
