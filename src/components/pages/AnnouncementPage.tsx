import { Link } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { pathTo } from "../../routes";
import { AnnouncementArticle } from "../AnnouncementArticle";
import { ArticleImage } from "../ArticleImage";
import { Markdown } from "../Markdown";

/** One announcement from content/announcements, with a way back to the list. */
export function AnnouncementPage({ data, slug }: { data: Queries.AnnouncementPageQuery; slug: string }) {
  const post = data.post;
  if (!post) throw new Error(`No announcement file for "${slug}"`);
  const { frontmatter } = post;
  const image = getImage(frontmatter.image?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <AnnouncementArticle
      title={frontmatter.title}
      summary={frontmatter.summary ?? ""}
      date={frontmatter.date ?? ""}
      isoDate={frontmatter.iso ?? undefined}
      image={image && <ArticleImage image={image} alt={frontmatter.imageAlt ?? ""} />}
    >
      <Markdown html={post.html ?? ""} />
      <p>
        <Link to={pathTo("announcements")}>All announcements</Link>
      </p>
    </AnnouncementArticle>
  );
}
