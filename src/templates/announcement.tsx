import { graphql, type HeadProps, type PageProps } from "gatsby";
import { getSrc } from "gatsby-plugin-image";
import { AnnouncementPage } from "../components/pages/AnnouncementPage";
import { Seo } from "../components/Seo";
import { announcementPath } from "../routes";

interface Context {
  slug: string;
}

export default function AnnouncementTemplate({ data, pageContext }: PageProps<Queries.AnnouncementPageQuery, Context>) {
  return <AnnouncementPage data={data} slug={pageContext.slug} />;
}

export const Head = ({ data, pageContext, location }: HeadProps<Queries.AnnouncementPageQuery, Context>) => {
  const post = data.post;
  // The page itself reports a missing file (AnnouncementPage).
  if (!post) return null;
  const social = post.social?.childImageSharp?.gatsbyImageData;
  const socialSrc = social ? getSrc(social) : undefined;
  return (
    <Seo
      title={post.title}
      description={post.summary}
      path={announcementPath(pageContext.slug)}
      pathname={location.pathname}
      type="article"
      image={social && socialSrc ? { path: socialSrc, width: social.width, height: social.height, alt: post.imageAlt ?? "" } : undefined}
    />
  );
};

export const query = graphql`
  query AnnouncementPage($slug: String!) {
    post: announcement(slug: { eq: $slug }) {
      html
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
`;
