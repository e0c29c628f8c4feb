import { noticeWords } from "../../content/firstVisit";
import { formatPrice } from "../../content/rates";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { routeFor, type RoutePageContext } from "../../routes";
import { PageHeader } from "../PageHeader";
import { PaymentNote } from "../PaymentNote";
import { RateCards } from "../RateCards";
import { Section } from "../Section";
import { StartHere } from "../StartHere";

/** Every plan from content/rates.json, its notes, and the payment methods from content/site.json. */
export function RatesPage({
  data,
  pageContext,
}: {
  data: Pick<Queries.RatesPageQuery, "rates" | "policies" | "startSteps">;
  pageContext: Pick<RoutePageContext, "routePath">;
}) {
  const route = routeFor(pageContext.routePath);
  const { payment } = useSiteInfo();
  const { policies } = data;
  // The real notice and fee, from policies.json: "simple notice" was 30 days and a fee to come back.
  const lead = `Month-to-month memberships, ${policies.signUpFee === 0 ? "no sign-up fee" : `a ${formatPrice(policies.signUpFee)} sign-up fee`}: cancel with ${noticeWords(policies.cancellationNoticeDays)}.`;
  return (
    <>
      <PageHeader eyebrow="No contracts" title={route.title} lead={lead} />
      <Section title="Start here" id="start-here" tone="muted">
        <StartHere steps={data.startSteps} />
      </Section>
      <Section title="Every plan" id="plans">
        <RateCards plans={data.rates.plans} />
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
