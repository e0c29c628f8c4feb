import { categoryFilterOptions, galleriesIn, galleryCategories, selectedCategory } from "../../filterOptions";
import { useLiveValue } from "../../hooks/useHydrated";
import { routeFor, type RoutePageContext } from "../../routes";
import { FilterBar } from "../FilterBar";
import { Gallery } from "../Gallery";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** Every gallery from content/galleries, filtered by category through the address (?category=). */
export function GalleryPage({
  data,
  pageContext,
  search,
}: {
  data: Queries.PortfolioPageQuery;
  pageContext: Pick<RoutePageContext, "routePath">;
  search: string;
}) {
  const route = routeFor(pageContext.routePath);
  const galleries = data.galleries.nodes;
  const categories = galleryCategories(galleries);
  // The static HTML shows every gallery; the filter applies once the browser knows the query string.
  const selected = useLiveValue(selectedCategory(search, categories), null);
  return (
    <>
      <PageHeader
        eyebrow="Photos"
        title={route.title}
        lead="A look inside the gym: our members, our events and what happens before the doors open."
      />
      <Section>
        <FilterBar label="Filter photos by category" options={categoryFilterOptions(route.path, categories)} selected={selected} />
        {galleriesIn(galleries, selected).map((gallery) => (
          <Gallery key={gallery.slug} gallery={gallery} />
        ))}
      </Section>
    </>
  );
}
