import { graphql, Link } from "gatsby";
import type { FirstVisitFact } from "../content/firstVisit";
import * as styles from "./FirstVisit.module.css";

export const fragment = graphql`
  fragment FirstVisit on Query {
    firstVisitFacts {
      id
      label
      text
      link {
        href
        text
      }
    }
  }
`;

/**
 * Everything a newcomer needs before their first visit, in one place, worded at build time from the
 * files that hold each fact (src/content/firstVisit.ts, through src/node/schema.ts). Static: the
 * directions are a plain maps link, with no map script.
 */
export function FirstVisit({
  facts,
  skip = [],
}: {
  facts: Queries.FirstVisitFragment["firstVisitFacts"];
  /** Facts the page says beside the block already (by id: src/content/firstVisit.ts). */
  skip?: readonly FirstVisitFact["id"][];
}) {
  return (
    <dl className={styles.facts}>
      {facts
        .filter((fact) => !skip.includes(fact.id as FirstVisitFact["id"]))
        .map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              {fact.text}
              {fact.link && (
                <>
                  {" "}
                  {fact.link.href.startsWith("/") ? (
                    <Link to={fact.link.href}>{fact.link.text}</Link>
                  ) : (
                    <a href={fact.link.href}>{fact.link.text}</a>
                  )}
                </>
              )}
            </dd>
          </div>
        ))}
    </dl>
  );
}
