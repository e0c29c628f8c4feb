import { graphql, type PageProps } from "gatsby";
import { AboutPage } from "../components/pages/AboutPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function AboutTemplate({ data, pageContext }: PageProps<Queries.AboutPageQuery, RoutePageContext>) {
  return <AboutPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query AboutPage {
    page(slug: { eq: "about" }) {
      html
    }
  }
`;
