import { graphql, type HeadProps, type PageProps } from "gatsby";
import { AnnouncementPage } from "../components/pages/AnnouncementPage";
import { Seo } from "../components/Seo";
import { socialImage } from "../components/socialImage";
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
  return (
    <Seo
      title={post.title}
      description={post.summary}
      path={announcementPath(pageContext.slug)}
      pathname={location.pathname}
      type="article"
      image={socialImage(post.social, post.imageAlt)}
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
        ...ArticleImage
      }
      social: image {
        ...SocialImage
      }
    }
  }
`;
