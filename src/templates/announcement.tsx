import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { getImage, getSrc } from "gatsby-plugin-image";
import { AnnouncementArticle } from "../components/AnnouncementArticle";
import { ArticleImage } from "../components/ArticleImage";
import { Markdown } from "../components/Markdown";
import { Seo } from "../components/Seo";

interface Context {
  slug: string;
}

export default function AnnouncementPage({ data }: PageProps<Queries.AnnouncementPageQuery, Context>) {
  const post = data.post;
  if (!post) throw new Error("Announcement not found");
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
        <Link to="/announcements/">All announcements</Link>
      </p>
    </AnnouncementArticle>
  );
}

export const Head = ({ data, pageContext, location }: HeadProps<Queries.AnnouncementPageQuery, Context>) => {
  const frontmatter = data.post?.frontmatter;
  const social = frontmatter?.social?.childImageSharp?.gatsbyImageData;
  const socialSrc = social ? getSrc(social) : undefined;
  return (
    <Seo
      title={frontmatter?.title ?? "Announcement"}
      description={frontmatter?.summary ?? ""}
      path={`/announcements/${pageContext.slug}/`}
      pathname={location.pathname}
      type="article"
      image={
        social && socialSrc
          ? { path: socialSrc, width: social.width, height: social.height, alt: frontmatter?.imageAlt ?? "" }
          : undefined
      }
    />
  );
};

export const query = graphql`
  query AnnouncementPage($slug: String!) {
    post: markdownRemark(fields: { collection: { eq: "announcements" }, slug: { eq: $slug } }) {
      html
      frontmatter {
        title
        summary
        iso: date(formatString: "YYYY-MM-DD")
        date(formatString: "MMMM D, YYYY")
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(width: 768, outputPixelDensities: [0.5, 1, 2], placeholder: DOMINANT_COLOR)
          }
        }
        social: image {
          childImageSharp {
            gatsbyImageData(layout: FIXED, width: 1200, height: 630, formats: [JPG])
          }
        }
      }
    }
  }
`;
