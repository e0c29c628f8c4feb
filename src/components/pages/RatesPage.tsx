import { useSiteInfo } from "../../hooks/useSiteInfo";
import { routeFor, type RoutePageContext } from "../../routes";
import { PageHeader } from "../PageHeader";
import { PaymentNote } from "../PaymentNote";
import { RateCards } from "../RateCards";
import { Section } from "../Section";

/** Every plan from content/rates.json, its notes, and the payment methods from content/site.json. */
export function RatesPage({
  data,
  pageContext,
}: {
  data: Pick<Queries.RatesPageQuery, "rates">;
  pageContext: Pick<RoutePageContext, "routePath">;
}) {
  const route = routeFor(pageContext.routePath);
  const { payment } = useSiteInfo();
  return (
    <>
      <PageHeader eyebrow="No contracts" title={route.title} lead="Month-to-month memberships. Hold or cancel with simple notice." />
      <Section>
        <RateCards plans={data.rates.plans} headingLevel={2} />
      </Section>
      <Section title="Good to know" id="notes" tone="muted">
        <ul className="prose">
          {data.rates.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <PaymentNote methods={payment} />
      </Section>
    </>
  );
}
