import { useEffect } from "react";
import { Link } from "gatsby";
import { ageOn, isIsoDate, listText } from "../../content/dates";
import { payNowUrl } from "../../content/paymentLink";
import { priceLabel } from "../../content/rates";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { SignupInput } from "../../forms/signup/schema";
import { ADULT_AGE, KIDS_AGES, KIDS_PROGRAM, type PlanChoice } from "../../forms/signup/rules";
import { SIGNUP_FIELDS, SIGNUP_START, signupPayload, type SignupValues } from "../../forms/signup/values";
import { useForm } from "../../hooks/useForm";
import { useFormLive } from "../../hooks/heldHydration";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { pathTo } from "../../routes";
import { trackLead } from "../../runtime/analytics";
import { FormShell, SentMessage } from "./FormShell";
import { signupSent } from "../../forms/signup/sent";
import { Checkbox, EmailInput, PhoneInput, Select, TextArea, TextInput } from "./inputs";
import { GuardianName, WaiverAgreement, type ShownWaiver } from "./WaiverAgreement";
import { TextConsentBox } from "./TextConsentBox";

/** The waiver's version comes from the build (a prop), not from the visitor. */
type Input = Omit<SignupInput, "waiverVersion">;

/** `paymentLink`: where "Pay now" leads once the sign-up is sent (content/rates.json), when the plan has one. */
export type SignupPlan = PlanChoice & { price: number; paymentLink?: string | null };

export function SignupForm({
  plans,
  today,
  waiver,
  search,
  onSent,
}: {
  plans: readonly SignupPlan[];
  today: string;
  waiver: ShownWaiver;
  search: string;
  onSent?: (reference: string) => void;
}) {
  const { payment } = useSiteInfo();
  const paymentChoices = listText(
    payment.map((method) => method.toLowerCase()),
    "or",
  );
  const payloadOf = (values: SignupValues) => signupPayload(values, waiver.version);
  const form = useForm<Input>({
    formId: "signup",
    endpoint: apiPath("signup"),
    initialValues: SIGNUP_START,
    fieldOrder: SIGNUP_FIELDS,
    loadCheck: async () => {
      const { signupErrors } = await import("../../forms/signup/schema");
      return (values) => signupErrors(payloadOf(values), plans, today, waiver.version);
    },
    toPayload: payloadOf,
    onSent: (reference) => {
      trackLead("signup");
      onSent?.(reference);
    },
  });
  const { values, fillIfEmpty } = form.control;

  // ?plan=unlimited (the rates page's buttons) preselects the plan.
  const requested = new URLSearchParams(search).get("plan");
  const requestedPlan = plans.some((plan) => plan.id === requested) ? requested : null;
  useEffect(() => {
    if (requestedPlan) fillIfEmpty("plan", requestedPlan);
  }, [requestedPlan, fillIfEmpty]);

  // Before the page is live (or without its script) every field a choice may ask for is shown: the
  // browser's own post sends them, and the server keeps those the choice needs.
  const live = useFormLive();
  const plan = plans.find((p) => p.id === values.plan);
  const dob = values.dateOfBirth;
  const start = isIsoDate(values.startDate) ? values.startDate : today;
  const age = isIsoDate(dob) && dob < today ? ageOn(dob, start) : null;
  const needsGuardian = plan?.program === KIDS_PROGRAM || (age !== null && age < ADULT_AGE) || Boolean(form.control.errors.guardianName);

  return (
    <FormShell
      form={form}
      label="Membership sign-up"
      submitLabel="Sign up"
      success={(reference) => (
        <SentMessage
          words={signupSent(paymentChoices, payNowUrl(plan?.paymentLink, { reference, email: values.email }))}
          reference={reference}
        />
      )}
    >
      <Select
        control={form.control}
        name="plan"
        label="Plan"
        required
        placeholder="Choose a plan"
        options={plans.map((p) => ({ value: p.id, label: `${p.name}: ${priceLabel(p.price, p.period)}` }))}
        hint={
          plan?.program === KIDS_PROGRAM ? `CrossFit Kids is for ages ${KIDS_AGES.min} to ${KIDS_AGES.max} on the start date.` : undefined
        }
      />
      <TextInput control={form.control} name="startDate" label="Start date" type="date" required min={today} hint="Today or later." />
      <TextInput
        control={form.control}
        name="firstName"
        label="Member's first name"
        required
        autoComplete="given-name"
        maxLength={LIMITS.name}
      />
      <TextInput
        control={form.control}
        name="lastName"
        label="Member's last name"
        required
        autoComplete="family-name"
        maxLength={LIMITS.name}
      />
      <TextInput
        control={form.control}
        name="dateOfBirth"
        label="Member's date of birth"
        type="date"
        required
        max={today}
        autoComplete="bday"
        hint={age !== null ? `Age on the start date: ${age}.` : undefined}
      />
      {(needsGuardian || !live) && (
        <GuardianName
          autoComplete="name"
          control={form.control}
          hint={`Required for members under ${ADULT_AGE}. The parent or guardian accepts the waiver for them.`}
        />
      )}
      <EmailInput control={form.control} />
      <PhoneInput control={form.control} required />
      <TextConsentBox control={form.control} />
      <TextInput control={form.control} name="emergencyContactName" label="Emergency contact's name" required maxLength={LIMITS.name} />
      <TextInput
        control={form.control}
        name="emergencyContactPhone"
        label="Emergency contact's phone"
        type="tel"
        required
        inputMode="tel"
        maxLength={LIMITS.phone}
      />
      <TextArea
        control={form.control}
        name="notes"
        label="Anything else a coach should know?"
        rows={4}
        maxLength={LIMITS.notes}
        hint="Your goals, or the best time to reach you. Please put injuries and health conditions in the field below instead."
      />
      <Checkbox
        control={form.control}
        name="healthConsent"
        label="I want to tell the coaches about injuries or health conditions, and I consent to the gym keeping this health information and using it only to adapt my training safely."
        hint={
          <>
            Optional. Without this consent nothing you type about your health is sent. You can withdraw it at any time; see our{" "}
            <Link to={pathTo("healthData")}>Consumer Health Data Privacy Policy</Link>.
          </>
        }
      />
      {(values.healthConsent === true || !live) && (
        <TextArea
          control={form.control}
          name="healthInfo"
          label="Injuries or health conditions a coach should know about"
          rows={4}
          maxLength={LIMITS.notes}
          hint="For example a recent injury, surgery, pregnancy, or a condition that affects exercise."
        />
      )}
      <WaiverAgreement control={form.control} waiver={waiver} />
    </FormShell>
  );
}
