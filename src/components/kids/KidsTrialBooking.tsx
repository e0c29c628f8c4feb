import { useState } from "react";
import { apiPath } from "../../forms/endpoints";
import { CHILD_AGES, CHILD_NAME_MAX } from "../../forms/kidsTrial/rules";
import type { KidsTrialInput } from "../../forms/kidsTrial/schema";
import { kidsTrialSent } from "../../forms/kidsTrial/sent";
import { KIDS_TRIAL_FIELDS, KIDS_TRIAL_START, kidsTrialPayload, type KidsTrialValues } from "../../forms/kidsTrial/values";
import { useForm } from "../../hooks/useForm";
import { useOffer } from "../../hooks/useOffer";
import type { DaySlots } from "../../intro/display";
import { trackLead } from "../../runtime/analytics";
import { FormShell, SentMessage } from "../form/FormShell";
import { EmailInput, NameInput, PhoneInput, Select, TextInput } from "../form/inputs";
import * as form from "../form/Form.module.css";
import * as styles from "../intro/IntroBooking.module.css";
import { OfferedForm, OfferStatus, OtherWays, type OfferWords } from "../intro/BookingOffer";
import { SlotPicker } from "../intro/SlotPicker";
import { TextConsentBox } from "../form/TextConsentBox";

async function loadCheck() {
  const { kidsTrialErrors } = await import("../../forms/kidsTrial/schema");
  return (values: KidsTrialValues) => kidsTrialErrors(kidsTrialPayload(values));
}

/** A kids class as the server words it: its seats left and its label in the gym's zone. */
interface TrialClassShown {
  start: string;
  left: number;
  seats: number;
  coach?: string;
  label: string;
}

/** The kids' trial classes: every class of the next two weeks, and those with a seat left by day (as the intro's picker shows times). */
interface TrialClassOffer {
  zone: string;
  classes: readonly TrialClassShown[];
  days: readonly DaySlots[];
}

const trialClassOffer = (answer: Partial<TrialClassOffer>): TrialClassOffer => ({
  zone: answer.zone ?? "",
  classes: answer.classes ?? [],
  days: answer.days ?? [],
});

const AGE_OPTIONS = CHILD_AGES.map((age) => ({ value: String(age), label: String(age) }));

const TRIAL_OFFER_WORDS: OfferWords = {
  loading: "Loading classes…",
  refreshed: "The classes and their seats have been updated.",
  offered: "the classes",
  again: "Load the classes again",
  noneLeft: "Every trial seat of the next two weeks is taken.",
  instead: "a class for your child",
};

/**
 * A parent books their child a free seat in a kids class: the classes of the next two weeks with their
 * seats left, from the store, then the child's first name and age and the parent's details. As the
 * free intro's booking (src/components/intro/IntroBooking.tsx): the classes are fetched once the page
 * is live; without JavaScript a <noscript> links to the same form with the classes in it, made by the
 * server (src/server/kids/form.ts).
 */
export function KidsTrialBooking({ phone, contactPath }: { phone: string; contactPath: string }) {
  const classes = useOffer("kids-trial-classes", trialClassOffer);
  const { days, zone } = classes.offer;
  const [day, setDay] = useState("");
  const [confirmation, setConfirmation] = useState(true);
  // A class the server no longer offers (filled, or now too soon) is cleared, and the list asked for again.
  const offerFreshClasses = () => {
    booking.control.setValue("start", "");
    classes.refresh();
  };
  const booking = useForm<KidsTrialInput>({
    formId: "kids-trial",
    endpoint: apiPath("kids-trial"),
    initialValues: KIDS_TRIAL_START,
    fieldOrder: KIDS_TRIAL_FIELDS,
    loadCheck,
    toPayload: kidsTrialPayload,
    conflictField: "start",
    onConflict: offerFreshClasses,
    onFieldErrors: (errors) => {
      if (errors.start) offerFreshClasses();
    },
    onSent: (_reference, sent) => {
      setConfirmation(sent.confirmation === true);
      trackLead("kids-trial");
    },
  });

  const { values } = booking.control;
  const chosen = classes.offer.classes.find((offered) => offered.start === values.start);
  const full = classes.offer.classes.filter((offered) => offered.left === 0);
  return (
    <div className={`${form.form} ${styles.booking}`}>
      <noscript>
        <p className={form.notice}>
          This page shows the classes and their free seats with JavaScript. Without it,{" "}
          <a href={apiPath("kids-trial")}>choose from the classes here</a>, or <OtherWays phone={phone} contactPath={contactPath} />.
        </p>
      </noscript>
      <OfferStatus offer={classes} words={TRIAL_OFFER_WORDS} phone={phone} contactPath={contactPath} />
      <OfferedForm offered={days.length > 0} sent={booking.phase.status === "sent"}>
        <FormShell
          form={booking}
          label="Book a free trial class"
          submitLabel="Book this class"
          success={(reference) => (
            <>
              <SentMessage
                words={kidsTrialSent({
                  when: chosen?.label,
                  coach: chosen?.coach,
                  childName: values.childName.trim(),
                  confirmation,
                  email: values.email.trim(),
                })}
                reference={reference}
              />
              <p>
                To cancel, use the link in the e-mail, or <OtherWays phone={phone} contactPath={contactPath} />.
              </p>
            </>
          )}
        >
          <SlotPicker control={booking.control} days={days} day={day} onDay={setDay} zone={zone} count={["class", "classes"]} />
          {full.length > 0 && <p className={form.hint}>Full: {full.map((offered) => offered.label).join("; ")}.</p>}
          <TextInput
            control={booking.control}
            name="childName"
            label="Your child's first name"
            hint="First name only: the coach welcomes them by it."
            required
            autoComplete="off"
            maxLength={CHILD_NAME_MAX}
          />
          <Select control={booking.control} name="childAge" label="Your child's age" required options={AGE_OPTIONS} />
          <NameInput control={booking.control} />
          <EmailInput control={booking.control} hint="We send the confirmation, a reminder the day before and the link to cancel here." />
          <PhoneInput control={booking.control} required hint="So the coach can reach you on the day." />
          <TextConsentBox control={booking.control} />
        </FormShell>
      </OfferedForm>
    </div>
  );
}
