import { graphql, type PageProps } from "gatsby";
import { FilterBar } from "../components/FilterBar";
import { Gallery } from "../components/Gallery";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { useHydrated } from "../hooks/useHydrated";
import { routeFor, type RoutePageContext } from "../routes";

const CATEGORY_LABELS: Record<string, string> = { branding: "Branding", events: "Events", bts: "Behind the scenes" };

export default function PortfolioPage({ data, pageContext, location }: PageProps<Queries.PortfolioPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const galleries = data.galleries.nodes;
  const categories = [...new Set(galleries.map((gallery) => gallery.category))];
  const hydrated = useHydrated();
  const requested = hydrated ? new URLSearchParams(location.search).get("category") : null;
  const selected = requested && categories.includes(requested) ? requested : null;
  const options = [
    { value: null, label: "All photos", href: route.path },
    ...categories.map((category) => ({
      value: category,
      label: CATEGORY_LABELS[category] ?? category,
      href: `${route.path}?category=${category}`,
    })),
  ];
  return (
    <>
      <PageHeader eyebrow="Photos" title={route.title} lead="A look inside the gym: our members, our events and what happens before the doors open." />
      <Section>
        <FilterBar label="Filter photos by category" options={options} selected={selected} />
        {galleries
          .filter((gallery) => !selected || gallery.category === selected)
          .map((gallery) => (
            <Gallery key={gallery.slug} gallery={gallery} />
          ))}
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query PortfolioPage {
    galleries: allGalleryJson(sort: [{ order: ASC }, { name: ASC }]) {
      nodes {
        ...GalleryWithImages
      }
    }
  }
`;
