/** HTML that gatsby-transformer-remark rendered at build time from staff-written markdown. */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose ${className}` : "prose"} dangerouslySetInnerHTML={{ __html: html }} />;
}
