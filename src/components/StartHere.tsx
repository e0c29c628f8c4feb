import { graphql, Link } from "gatsby";
import * as styles from "./StartHere.module.css";

export const fragment = graphql`
  fragment StartHere on Query {
    startSteps {
      title
      price
      link {
        href
        text
      }
    }
  }
`;

/**
 * "Start here": the way in for a newcomer, the free intro, then Foundations, then a membership, each
 * with its price from rates.json and a link (worded at build time: src/content/firstVisit.ts). Static:
 * no script of its own.
 */
export function StartHere({ steps }: { steps: Queries.StartHereFragment["startSteps"] }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.price}</p>
          <Link to={step.link.href}>{step.link.text}</Link>
        </li>
      ))}
    </ol>
  );
}
