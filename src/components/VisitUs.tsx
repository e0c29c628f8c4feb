import { formatClock } from "../content/dates";
import { formatPhone, mapsUrl, telHref } from "../content/contact";
import { hoursRows } from "../content/hours";
import type { SiteInfoData } from "../hooks/useSiteInfo";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "./Icons";
import * as styles from "./VisitUs.module.css";

/**
 * Address, phone, e-mail and hours, all from site.json. Without the address where the page already
 * gives it (the first-visit block says where, with directions).
 */
export function VisitUs({ site, address = true }: { site: SiteInfoData; address?: boolean }) {
  const a = site.address;
  return (
    <div className={styles.grid}>
      {address && (
        <div>
          <h3 className={styles.heading}>
            <PinIcon /> Address
          </h3>
          <address className={styles.address}>
            {site.name}
            <br />
            {a.street}
            <br />
            {a.locality}, {a.region} {a.postalCode}
          </address>
          <p>
            <a href={mapsUrl(site)}>Open in maps</a>
          </p>
        </div>
      )}
      <div>
        <h3 className={styles.heading}>
          <PhoneIcon /> Call or write
        </h3>
        <p>
          <a href={telHref(site.phone)}>{formatPhone(site.phone)}</a>
          <br />
          <a href={`mailto:${site.email}`} className={styles.email}>
            <MailIcon size={16} /> {site.email}
          </a>
        </p>
      </div>
      <div>
        <h3 className={styles.heading}>
          <ClockIcon /> Hours
        </h3>
        <dl className={styles.hours}>
          {hoursRows(site.hours).map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.opens && row.closes ? `${formatClock(row.opens)} – ${formatClock(row.closes)}` : "Closed"}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
