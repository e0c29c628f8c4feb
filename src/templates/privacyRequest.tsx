import { graphql, type HeadProps, type PageProps } from "gatsby";
import { PrivacyConfirm } from "../components/PrivacyConfirm";
import { PrivacyRequestPage } from "../components/pages/PrivacyRequestPage";
import { RouteHead } from "../components/RouteSeo";
import { Seo } from "../components/Seo";
import type { RoutePageContext } from "../routes";

/** The request form, or with `confirm` the page where a request is confirmed with its mailed link (src/node/pages.ts). */
type PrivacyRequestContext = RoutePageContext & { confirm?: boolean };

export default function PrivacyRequestTemplate({ data, pageContext }: PageProps<Queries.PrivacyRequestPageQuery, PrivacyRequestContext>) {
  if (pageContext.confirm) return <PrivacyConfirm />;
  return <PrivacyRequestPage data={data} pageContext={pageContext} />;
}

export const Head = (props: HeadProps<Queries.PrivacyRequestPageQuery, PrivacyRequestContext>) =>
  props.pageContext.confirm ? (
    <Seo
      title="Confirm your privacy request"
      description="Confirm a request about your data with the link from its e-mail."
      pathname={props.location.pathname}
      noindex
    />
  ) : (
    <RouteHead {...props} />
  );

export const query = graphql`
  query PrivacyRequestPage {
    privacy: privacyJson {
      requestResponseDays
    }
  }
`;
