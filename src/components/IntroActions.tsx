import { type ReactNode } from "react";
import { pathTo } from "../routes";
import { Actions } from "./Actions";
import { ButtonLink } from "./ButtonLink";

/** The site's main call to action: a free intro with a coach. */
export function FreeIntroButton() {
  return <ButtonLink to={pathTo("intro")}>Book a free intro</ButtonLink>;
}

/** The free intro first, then the page's own next step (its children). */
export function IntroActions({ children }: { children?: ReactNode }) {
  return (
    <Actions>
      <FreeIntroButton />
      {children}
    </Actions>
  );
}
