import { useState } from "react";
import { formatPhone } from "../../content/contact";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { IntroInput } from "../../forms/intro/schema";
import { INTRO_FIELDS, INTRO_START, introPayload, type IntroValues } from "../../forms/intro/values";
import type { DaySlots } from "../../intro/display";
import { useForm } from "../../hooks/useForm";
import { useOffer } from "../../hooks/useOffer";
import { trackLead } from "../../runtime/analytics";
import { FormShell, SentMessage } from "../form/FormShell";
import { introOutcomeOf, introSent, type IntroOutcome } from "../../forms/intro/sent";
import type { SentFact } from "../../forms/sentWords";
import { EmailInput, NameInput, PhoneInput, TextArea } from "../form/inputs";
import * as form from "../form/Form.module.css";
import * as styles from "./IntroBooking.module.css";
import { OfferedForm, OfferStatus, OtherWays, type OfferWords } from "./BookingOffer";
import { SlotPicker } from "./SlotPicker";
import { TextConsentBox } from "../form/TextConsentBox";

async function loadCheck() {
  const { introErrors } = await import("../../forms/intro/schema");
  return (values: IntroValues) => introErrors(introPayload(values));
}

/** The open times as the server words them: by day in the gym's zone, and the zone's name. */
interface IntroOffer {
  zone: string;
  days: readonly DaySlots[];
}

const introOffer = (answer: Partial<IntroOffer>): IntroOffer => ({ zone: answer.zone ?? "", days: answer.days ?? [] });

const INTRO_OFFER_WORDS: OfferWords = {
  loading: "Loading open times…",
  refreshed: "The open times have been updated.",
  offered: "the open times",
  again: "Load the times again",
  noneLeft: "There are no open times to book online right now.",
  instead: "a time that suits you",
};

/**
 * The booking: open times from the store, then the visitor's details. The page's HTML says the times
 * are loading (they are fetched once the page is live); without JavaScript it says how else to book
 * instead, in a <noscript>, so a visitor with JavaScript never sees that text. Once booked, the answer
 * names the day, time and coach (the server words them), and `arrival` says where to go and what to bring.
 */
export function IntroBooking({ phone, contactPath, arrival }: { phone: string; contactPath: string; arrival: readonly SentFact[] }) {
  const slots = useOffer("intro-slots", introOffer);
  const { days, zone } = slots.offer;
  const [day, setDay] = useState("");
  const [answer, setAnswer] = useState<{ confirmation: boolean; outcome?: IntroOutcome }>({ confirmation: true });
  // A time the server no longer offers (taken, or now too soon) is cleared, and the list asked for again.
  const offerFreshTimes = () => {
    booking.control.setValue("start", "");
    slots.refresh();
  };
  const booking = useForm<IntroInput>({
    formId: "intro",
    endpoint: apiPath("intro"),
    initialValues: INTRO_START,
    fieldOrder: INTRO_FIELDS,
    loadCheck,
    toPayload: introPayload,
    conflictField: "start",
    onConflict: offerFreshTimes,
    onFieldErrors: (errors) => {
      if (errors.start) offerFreshTimes();
    },
    onSent: (_reference, sent) => {
      setAnswer({ confirmation: sent.confirmation === true, outcome: introOutcomeOf(sent.answer) });
      trackLead("intro");
    },
  });

  return (
    <div className={`${form.form} ${styles.booking}`}>
      <noscript>
        <p className={form.notice}>
          This page shows the open times with JavaScript. Without it, <a href={apiPath("intro")}>choose from the open times here</a>, or{" "}
          <OtherWays phone={phone} contactPath={contactPath} />.
        </p>
      </noscript>
      <OfferStatus offer={slots} words={INTRO_OFFER_WORDS} phone={phone} contactPath={contactPath} />
      <OfferedForm offered={days.length > 0} sent={booking.phase.status === "sent"}>
        <FormShell
          form={booking}
          label="Book your free intro"
          submitLabel="Book this time"
          success={(reference) => (
            <SentMessage
              words={introSent({ ...answer, email: booking.control.values.email, phone: formatPhone(phone), arrival })}
              reference={reference}
            />
          )}
        >
          <SlotPicker control={booking.control} days={days} day={day} onDay={setDay} zone={zone} />
          <NameInput control={booking.control} />
          <EmailInput control={booking.control} hint="We send your confirmation here." />
          <PhoneInput control={booking.control} hint="In case we need to reach you before your visit." />
          <TextConsentBox control={booking.control} />
          <TextArea
            control={booking.control}
            name="goals"
            label="What would you like to work on?"
            hint="For example a first pull-up, more energy, or getting back into shape."
            maxLength={LIMITS.goals}
            rows={4}
          />
        </FormShell>
      </OfferedForm>
    </div>
  );
}
