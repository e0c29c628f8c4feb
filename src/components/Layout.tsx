import { type ReactNode } from "react";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { ErrorBoundary } from "./ErrorBoundary";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { IntroBar } from "./IntroBar";
import * as styles from "./Layout.module.css";

/** The default layout every page uses: skip link, header, main landmark, the phone's intro bar, footer. */
export function Layout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      <Header pathname={pathname} siteName={site.name} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {/* Keyed by page so a render error on one page does not stick after navigating away. */}
        <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
      </main>
      <IntroBar pathname={pathname} />
      <Footer site={site} />
    </>
  );
}
