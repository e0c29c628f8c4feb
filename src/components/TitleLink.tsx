import { Link } from "gatsby";
import { pathTo, routeFor, type RouteName } from "../routes";

/** A link in running text to a page of the route table, named by the page's own title. */
export function TitleLink({ to }: { to: RouteName }) {
  const path = pathTo(to);
  return <Link to={path}>{routeFor(path).title}</Link>;
}
