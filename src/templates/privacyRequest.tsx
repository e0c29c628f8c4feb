import { graphql, Link, type PageProps } from "gatsby";
import { PrivacyRequestForm } from "../components/form/PrivacyRequestForm";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { useGymToday } from "../hooks/useGymToday";
import { pathTo, routeFor, type RoutePageContext } from "../routes";

export default function PrivacyRequestPage({ data, pageContext }: PageProps<Queries.PrivacyRequestPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const privacy = data.privacy;
  if (!privacy) throw new Error("content/privacy.json is missing");
  const today = useGymToday(pageContext.weekday, pageContext.today, data.site?.timeZone ?? "America/Los_Angeles");
  return (
    <>
      <PageHeader eyebrow="Privacy" title={route.title} lead={route.description} />
      <Section>
        <p className="prose">
          We answer every request within {privacy.requestResponseDays} days. Read what we keep and why on the{" "}
          <Link to={pathTo("privacy")}>privacy page</Link> and in our <Link to={pathTo("healthData")}>Consumer Health Data Privacy Policy</Link>.
        </p>
        <PrivacyRequestForm today={today.date} responseDays={privacy.requestResponseDays} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query PrivacyRequestPage {
    privacy: privacyJson {
      requestResponseDays
    }
    site: siteJson {
      timeZone
    }
  }
`;
