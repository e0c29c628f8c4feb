import type { ReactElement, ReactNode } from "react";
import { Link } from "gatsby";
import { formatClock } from "../content/dates";
import type { SiteInfoData } from "../hooks/useSiteInfo";
import { formatPhone, mapsUrl, telHref } from "../content/contact";
import { hoursRows } from "../content/hours";
import { regionName } from "../content/regions";
import { linkTo, type RouteName } from "../routes";
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon } from "./Icons";
import * as styles from "./Footer.module.css";

/** The footer's "Explore" links, each shown by its route's label. */
const EXPLORE: readonly RouteName[] = ["programs", "gallery", "membership", "policies", "privacy", "healthData", "sitemap"];

const SOCIAL_ICONS: Record<string, (props: { title?: string }) => ReactElement> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
};

export function Footer({ site }: { site: SiteInfoData }) {
  const a = site.address;
  return (
    <footer className={styles.footer} data-site-footer>
      <div className={styles.inner}>
        <FooterSection id="footer-visit" title="Visit">
          <address className={styles.address}>
            <a href={mapsUrl(site)} className={styles.iconLink}>
              <PinIcon />
              <span>
                {a.street}
                <br />
                {a.locality}, {a.region} {a.postalCode}
                <span className="visually-hidden"> (opens in your maps app)</span>
              </span>
            </a>
            <a href={telHref(site.phone)} className={styles.iconLink}>
              <PhoneIcon />
              <span>{formatPhone(site.phone)}</span>
            </a>
            <a href={`mailto:${site.email}`} className={styles.iconLink}>
              <MailIcon />
              <span>{site.email}</span>
            </a>
          </address>
        </FooterSection>
        <FooterSection id="footer-hours" title="Hours">
          <table className={styles.hours}>
            <caption className="visually-hidden">Opening hours</caption>
            <tbody>
              {hoursRows(site.hours).map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.opens && row.closes ? `${formatClock(row.opens)} – ${formatClock(row.closes)}` : "Closed"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </FooterSection>
        <FooterSection id="footer-explore" title="Explore">
          <ul className={styles.links}>
            {EXPLORE.map((name) => {
              const link = linkTo(name);
              return (
                <li key={name}>
                  <Link to={link.path}>{link.label}</Link>
                </li>
              );
            })}
          </ul>
          <ul className={styles.social}>
            {site.social.map((link) => {
              const Icon = SOCIAL_ICONS[link.name];
              return (
                <li key={link.url}>
                  <a href={link.url} className={styles.socialLink} aria-label={`${site.name} on ${link.name}`}>
                    {Icon ? <Icon /> : link.name}
                  </a>
                </li>
              );
            })}
          </ul>
        </FooterSection>
      </div>
      <p className={styles.legal}>
        © {site.buildYear} {site.name} · {a.locality}, {regionName(a.region)}
      </p>
    </footer>
  );
}

/** One of the footer's columns, under its heading. */
function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
