import { Link } from "gatsby";
import type { ReactNode } from "react";
import { formatPhone, telHref } from "../../content/contact";
import { useHydrated } from "../../hooks/useHydrated";
import type { OfferState } from "../../hooks/useOffer";
import * as form from "../form/Form.module.css";
import * as styles from "./IntroBooking.module.css";

/** Call us or write: what a visitor without JavaScript, or with nothing left to book, can do instead. */
export function OtherWays({ phone, contactPath }: { phone: string; contactPath: string }) {
  return (
    <>
      call us at <a href={telHref(phone)}>{formatPhone(phone)}</a> or <Link to={contactPath}>send us a message</Link>
    </>
  );
}

/** How a booking words its offer (the free intro's open times, the kids' trial classes) as it loads. */
export interface OfferWords {
  /** While the offer loads: "Loading open times…". */
  loading: string;
  /** Once a fresh offer replaced the one shown. */
  refreshed: string;
  /** What could not be loaded: "the open times". */
  offered: string;
  /** The button that asks again. */
  again: string;
  /** Nothing is left to book: "There are no open times to book online right now." */
  noneLeft: string;
  /** What the gym finds with a visitor who calls or writes then: "a time that suits you". */
  instead: string;
}

/**
 * The booking's offer as the page has it: loading or refreshed (a status line a screen reader
 * announces), failed (with a button that asks again), or nothing left to book, each naming the other
 * ways to book.
 */
export function OfferStatus({
  offer,
  words,
  phone,
  contactPath,
}: {
  offer: OfferState<{ days: readonly unknown[] }> & { refresh(): void };
  words: OfferWords;
  phone: string;
  contactPath: string;
}) {
  return (
    <>
      <p role="status" className={`${form.hint} ${styles.status}`}>
        {offer.status === "loading" ? words.loading : offer.status === "ready" && offer.refreshed ? words.refreshed : ""}
      </p>
      {offer.status === "failed" && (
        <div className={form.failure} role="alert">
          <p>
            We could not load {words.offered}. Check your connection and try again, or <OtherWays phone={phone} contactPath={contactPath} />
            .
          </p>
          <button type="button" className={form.secondaryButton} onClick={offer.refresh}>
            {words.again}
          </button>
        </div>
      )}
      {offer.status === "ready" && offer.offer.days.length === 0 && (
        <p className={form.notice}>
          {words.noneLeft} Please <OtherWays phone={phone} contactPath={contactPath} />, and we will find {words.instead}.
        </p>
      )}
    </>
  );
}

/**
 * The booking's form, shown once there is something to book (or the booking is sent). Until the page is
 * live it is in the HTML but hidden (there is nothing to book yet): the endpoint answers a visitor
 * without JavaScript with this page, the form shown and the offer in it (src/server/forms/answerPage.ts
 * finds it by data-booking).
 */
export function OfferedForm({ offered, sent, children }: { offered: boolean; sent: boolean; children: ReactNode }) {
  const live = useHydrated();
  if (live && !offered && !sent) return null;
  return (
    <div hidden={offered || sent ? undefined : true} data-booking>
      {children}
    </div>
  );
}
