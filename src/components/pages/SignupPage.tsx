import { joinablePlans, KIDS_AGES } from "../../forms/signup/rules";
import { usePageToday } from "../../hooks/useGymToday";
import { useLiveValue } from "../../hooks/useHydrated";
import { routeFor, type RoutePageContext } from "../../routes";
import { SignupForm } from "../form/SignupForm";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { TitleLink } from "../TitleLink";
import { HydrateOnUse } from "../form/HydrateOnUse";

/** Online sign-up: the form with the plans a person can join and the waiver they sign. */
export function SignupPage({
  data,
  pageContext,
  search,
}: {
  data: Queries.SignupPageQuery;
  pageContext: Pick<RoutePageContext, "routePath" | "today" | "weekday" | "utcOffsets">;
  /** The page's query string: a plan chosen on the rates page arrives as ?plan=. */
  search: string;
}) {
  const route = routeFor(pageContext.routePath);
  const liveSearch = useLiveValue(search, "");
  const today = usePageToday(pageContext);
  const plans = joinablePlans(data.rates.plans);
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section>
        {/* Built once for every ?plan=, so it speaks to an adult and to a parent alike. */}
        <p className="prose">
          New to CrossFit? Adults start with <TitleLink to="foundations" />. Signing up a child aged {KIDS_AGES.min} to {KIDS_AGES.max}?
          Choose CrossFit Kids: a parent or guardian fills in the child's details and accepts the waiver for them. Compare every plan on the{" "}
          <TitleLink to="rates" /> page.
        </p>
        {/* Read after hydration, so the first render in the browser matches the static HTML, built without a query string. */}
        {/* ?plan= (the rates page's buttons) chooses a plan: the form shows what that plan asks for at once. */}
        <HydrateOnUse atOnce={new URLSearchParams(search).has("plan")}>
          <SignupForm plans={plans} today={today.date} waiver={data.waiver} search={liveSearch} />
        </HydrateOnUse>
      </Section>
    </>
  );
}
