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
  const image = getImage(post.image?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <AnnouncementArticle
      title={post.title}
      summary={post.summary}
      date={post.date}
      isoDate={post.iso}
      // The content checks require imageAlt whenever an image is set.
      image={image && <ArticleImage image={image} alt={post.imageAlt ?? ""} />}
    >
      <Markdown html={post.html} />
      <p>
        <Link to={pathTo("announcements")}>All announcements</Link>
      </p>
    </AnnouncementArticle>
  );
}
