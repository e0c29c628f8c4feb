import { graphql, Link } from "gatsby";
import { planAction, priceLabel } from "../content/rates";
import { CheckIcon } from "./Icons";
import * as styles from "./RateCards.module.css";

export const fragment = graphql`
  fragment RatePlanCard on RatePlan {
    id
    name
    price
    period
    description
    program
    highlight
    creditedToFirstMonth
  }
`;

/** Plans from content/rates.json, each with its sign-up (or contact) link. */
export function RateCards({ plans, headingLevel = 3 }: { plans: readonly Queries.RatePlanCardFragment[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.cards}>
      {plans.map((plan) => {
        const action = planAction(plan);
        return (
          <li key={plan.id} className={styles.card} data-highlight={plan.highlight || undefined} data-plan={plan.id}>
            {plan.highlight && <p className={styles.badge}>Most popular</p>}
            <Heading className={styles.name}>{plan.name}</Heading>
            <p className={styles.price} data-testid="plan-price">
              {priceLabel(plan.price, plan.period)}
            </p>
            {plan.creditedToFirstMonth && <p className={styles.credit}>Credited to your first month of membership</p>}
            <p className={styles.description}>{plan.description}</p>
            <Link to={action.href} className={styles.action} aria-label={`${action.label}: ${plan.name}`}>
              <CheckIcon size={18} />
              {action.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
