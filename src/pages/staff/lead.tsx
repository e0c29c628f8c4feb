import type { PageProps } from "gatsby";
import { StaffApp } from "../../staff/App";
import { StaffHead } from "../../staff/StaffHead";

export default function StaffPage({ location }: PageProps) {
  return <StaffApp screen="lead" search={location.search} />;
}

export const Head = () => <StaffHead title="Lead" />;
