import { graphql, Link, type PageProps } from "gatsby";
import { SignupForm } from "../components/form/SignupForm";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { joinablePlans } from "../forms/signup";
import { useGymToday } from "../hooks/useGymToday";
import { useHydrated } from "../hooks/useHydrated";
import { routeFor, type RoutePageContext } from "../routes";

export default function SignupPage({ data, pageContext, location }: PageProps<Queries.SignupPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const hydrated = useHydrated();
  const today = useGymToday(pageContext.weekday, pageContext.today, data.site?.timeZone ?? "America/Los_Angeles");
  const plans = joinablePlans(data.rates?.plans ?? []);
  if (!data.waiver) throw new Error("content/waiver.json is missing");
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section>
        <p className="prose">
          New to CrossFit? Most members start with Foundations. Compare every plan on the <Link to="/rates/">rates page</Link>.
        </p>
        <SignupForm plans={plans} today={today.date} waiver={data.waiver} search={hydrated ? location.search : ""} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query SignupPage {
    rates: ratesJson {
      plans {
        id
        name
        price
        period
        program
      }
    }
    site: siteJson {
      timeZone
    }
    waiver: waiverJson {
      version
      paragraphs
    }
  }
`;
