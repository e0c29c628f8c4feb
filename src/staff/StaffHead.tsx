/** Every console page's <head>: never indexed (robots.txt disallows /staff/ too, and the sitemap leaves it out). */
export function StaffHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Staff console`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
