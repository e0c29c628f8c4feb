import { graphql, Link } from "gatsby";
import type { FirstVisitFact } from "../content/firstVisit";
import * as styles from "./FirstVisit.module.css";
import { LabelledFacts, type FactLink } from "./LabelledFacts";

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

/** The site's own pages through Gatsby's Link (prefetched, opened without a reload), others as they are. */
const siteLink = (link: FactLink) =>
  link.href.startsWith("/") ? <Link to={link.href}>{link.text}</Link> : <a href={link.href}>{link.text}</a>;

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
    <LabelledFacts
      className={styles.facts}
      facts={facts.filter((fact) => !skip.includes(fact.id as FirstVisitFact["id"]))}
      link={siteLink}
    />
  );
}
