import { graphql, type PageProps } from "gatsby";
import { PrivacyConfirm } from "../components/PrivacyConfirm";
import { PrivacyRequestPage } from "../components/pages/PrivacyRequestPage";
import { linkPageHead } from "../components/LinkPageHead";
import type { RoutePageContext } from "../routes";

/** The request form, or with `confirm` the page where a request is confirmed with its mailed link (src/node/pages.ts). */
type PrivacyRequestContext = RoutePageContext & { confirm?: boolean };

export default function PrivacyRequestTemplate({ data, pageContext }: PageProps<Queries.PrivacyRequestPageQuery, PrivacyRequestContext>) {
  if (pageContext.confirm) return <PrivacyConfirm />;
  return <PrivacyRequestPage data={data} pageContext={pageContext} />;
}

export const Head = linkPageHead((context: PrivacyRequestContext) => context.confirm, {
  title: "Confirm your privacy request",
  description: "Confirm a request about your data with the link from its e-mail.",
});

export const query = graphql`
  query PrivacyRequestPage {
    privacy: privacyJson {
      requestResponseDays
    }
  }
`;
