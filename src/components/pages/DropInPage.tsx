import { formatPrice, dropInPlan, priceLabel } from "../../content/rates";
import { programSchedulePath } from "../../content/programs";
import { listText } from "../../content/dates";
import { classDays } from "../../forms/dropIn/rules";
import { usePageToday } from "../../hooks/useGymToday";
import { routeFor, type RoutePageProps } from "../../routes";
import { Actions } from "../Actions";
import { ButtonLink } from "../ButtonLink";
import { FactList } from "../FactList";
import { DropInForm } from "../form/DropInForm";
import { Markdown } from "../Markdown";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { HydrateOnUse } from "../form/HydrateOnUse";

/**
 * For visiting athletes: the price (the plan paid per visit in content/rates.json), staff's text
 * (content/pages/drop-in.md), the days with a class, and the form that signs the waiver.
 */
export function DropInPage({
  data,
  pageContext,
}: RoutePageProps<Queries.DropInPageQuery, "routePath" | "today" | "weekday" | "utcOffsets">) {
  const route = routeFor(pageContext.routePath);
  const today = usePageToday(pageContext);
  const { page } = data;
  if (!page) throw new Error("content/pages/drop-in.md is missing");
  const plan = dropInPlan(data.rates.plans);
  const days = classDays(data.schedule.slots, plan.program);
  return (
    <>
      <PageHeader eyebrow="Visiting athletes" title={page.title} lead={page.lead ?? route.description} />
      <Section>
        <FactList
          caption="At a glance"
          facts={[
            { label: "Price", value: priceLabel(plan.price, plan.period) },
            { label: "Class days", value: listText(days, "and") },
            { label: "What it includes", value: plan.description },
          ]}
        />
        <Actions>
          <ButtonLink to={programSchedulePath(plan.program)} variant="secondary">
            Class times
          </ButtonLink>
        </Actions>
      </Section>
      <Section tone="muted">
        <Markdown html={page.html} />
      </Section>
      <Section title="Tell us you are coming" id="visit">
        <HydrateOnUse>
          <DropInForm
            classDays={days}
            today={today.date}
            waiver={data.waiver}
            fee={formatPrice(plan.price)}
            paymentLink={plan.paymentLink}
          />
        </HydrateOnUse>
      </Section>
    </>
  );
}
