import { useEffect } from "react";
import { isIsoDate } from "../../content/dates";
import { priceLabel } from "../../content/rates";
import { ageOn } from "../../forms/dateRules";
import { combinedErrors, LIMITS } from "../../forms/fields";
import { ADULT_AGE, KIDS_AGES, KIDS_PROGRAM, signupRuleErrors, signupSchema, WAIVER_TEXT, type PlanChoice } from "../../forms/signup";
import { useForm, type FormValues } from "../../hooks/useForm";
import { trackLead } from "../../runtime/analytics";
import { FormShell } from "./FormShell";
import { Checkbox, EmailInput, PhoneInput, Select, TextArea, TextInput } from "./inputs";
import * as styles from "./Form.module.css";

const FIELDS = [
  "plan",
  "startDate",
  "firstName",
  "lastName",
  "dateOfBirth",
  "guardianName",
  "email",
  "phone",
  "emergencyContactName",
  "emergencyContactPhone",
  "notes",
  "waiverAccepted",
] as const;

export type SignupPlan = PlanChoice & { price: number };

function text(values: FormValues, name: string): string {
  return String(values[name] ?? "");
}

function toPayload(values: FormValues) {
  const payload: Record<string, unknown> = {};
  for (const name of FIELDS) {
    if (name === "waiverAccepted") payload[name] = values[name] === true;
    else if ((name === "guardianName" || name === "notes") && !text(values, name).trim()) continue;
    else payload[name] = text(values, name);
  }
  return payload;
}

export function SignupForm({
  plans,
  today,
  search,
  onSent,
}: {
  plans: readonly SignupPlan[];
  today: string;
  search: string;
  onSent?: (reference: string) => void;
}) {
  const form = useForm({
    formId: "signup",
    endpoint: "/api/signup",
    initialValues: {
      plan: "",
      startDate: "",
      firstName: "",
      lastName: "",
      dateOfBirth: "",
      guardianName: "",
      email: "",
      phone: "",
      emergencyContactName: "",
      emergencyContactPhone: "",
      notes: "",
      waiverAccepted: false,
      website: "",
    },
    fieldOrder: FIELDS,
    validate: (values) => {
      const payload = toPayload(values);
      return combinedErrors(signupSchema(plans, today).safeParse({ ...payload, elapsedMs: 0 }), signupRuleErrors(payload, plans, today));
    },
    toPayload,
    onSent: (reference) => {
      trackLead("signup");
      onSent?.(reference);
    },
  });
  const { values, setValue } = form.control;

  // ?plan=unlimited (the rates page's buttons) preselects the plan.
  const requested = new URLSearchParams(search).get("plan");
  useEffect(() => {
    if (requested && plans.some((plan) => plan.id === requested) && !values.plan) setValue("plan", requested);
  }, [requested]);

  const plan = plans.find((p) => p.id === values.plan);
  const dob = text(values, "dateOfBirth");
  const start = isIsoDate(text(values, "startDate")) ? text(values, "startDate") : today;
  const age = isIsoDate(dob) && dob < today ? ageOn(dob, start) : null;
  const needsGuardian = plan?.program === KIDS_PROGRAM || (age !== null && age < ADULT_AGE) || Boolean(form.control.errors.guardianName);

  return (
    <FormShell
      form={form}
      label="Membership sign-up"
      submitLabel="Sign up"
      success={(reference) => (
        <>
          <h2>Welcome to the gym!</h2>
          <p>
            We have your sign-up. A coach will e-mail you within one business day to confirm your start date and set up
            payment (credit or debit card).
          </p>
          <p>
            Your reference: <span className={styles.reference}>{reference}</span>
          </p>
        </>
      )}
    >
      <Select
        control={form.control}
        name="plan"
        label="Plan"
        required
        placeholder="Choose a plan"
        options={plans.map((p) => ({ value: p.id, label: `${p.name}: ${priceLabel(p.price, p.period)}` }))}
        hint={plan?.program === KIDS_PROGRAM ? `CrossFit Kids is for ages ${KIDS_AGES.min} to ${KIDS_AGES.max} on the start date.` : undefined}
      />
      <TextInput control={form.control} name="startDate" label="Start date" type="date" required min={today} hint="Today or later." />
      <TextInput control={form.control} name="firstName" label="Member's first name" required autoComplete="given-name" maxLength={LIMITS.name} />
      <TextInput control={form.control} name="lastName" label="Member's last name" required autoComplete="family-name" maxLength={LIMITS.name} />
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
      {needsGuardian && (
        <TextInput
          control={form.control}
          name="guardianName"
          label="Parent or guardian's name"
          required
          autoComplete="name"
          maxLength={LIMITS.name}
          hint="Required for members under 18. The parent or guardian accepts the waiver for them."
        />
      )}
      <EmailInput control={form.control} />
      <PhoneInput control={form.control} required />
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
        label="Anything a coach should know?"
        rows={4}
        maxLength={LIMITS.notes}
        hint="Injuries, goals, or the best time to reach you."
      />
      <section className={styles.waiver} aria-label="Waiver" tabIndex={0}>
        <h2 className={styles.summaryTitle}>Waiver</h2>
        {WAIVER_TEXT.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <Checkbox control={form.control} name="waiverAccepted" label="I have read the waiver and accept it" required />
    </FormShell>
  );
}
