import { usePageToday } from "../../hooks/useGymToday";
import { routeFor, type RoutePageProps } from "../../routes";
import { PrivacyRequestForm } from "../form/PrivacyRequestForm";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { TitleLink } from "../TitleLink";
import { HydrateOnUse } from "../form/HydrateOnUse";

/** Requests about a person's data: how long an answer takes, where the notices are, and the form. */
export function PrivacyRequestPage({
  data,
  pageContext,
}: RoutePageProps<Queries.PrivacyRequestPageQuery, "routePath" | "today" | "weekday" | "utcOffsets">) {
  const route = routeFor(pageContext.routePath);
  const today = usePageToday(pageContext);
  const privacy = data.privacy;
  return (
    <>
      <PageHeader eyebrow="Privacy" title={route.title} lead={route.description} />
      <Section>
        <p className="prose">
          We e-mail a link to the address in your request, so that only you can confirm it, and answer within {privacy.requestResponseDays}{" "}
          days of your confirming it. Read what we keep and why on the <TitleLink to="privacy" /> page and in our{" "}
          <TitleLink to="healthData" />.
        </p>
        <HydrateOnUse>
          <PrivacyRequestForm today={today.date} responseDays={privacy.requestResponseDays} />
        </HydrateOnUse>
      </Section>
    </>
  );
}
