import { addDays, type Day, formatLongDate, isIsoDate, listText } from "../../content/dates";
import { AGE_GROUPS, guardianAccepts, MAX_VISIT_DAYS } from "../../forms/dropIn";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import { ADULT_AGE, ADULT_MIN_AGE } from "../../forms/signup";
import type { DropInInput } from "../../forms/schemas/dropIn";
import { useForm, type FormValues } from "../../hooks/useForm";
import { trackLead } from "../../runtime/analytics";
import { FormShell, YourReference } from "./FormShell";
import { EmailInput, RadioGroup, TextInput } from "./inputs";
import { GuardianName, WaiverAgreement, type ShownWaiver } from "./WaiverAgreement";

/** The waiver's version comes from the build (a prop), not from the visitor. */
type Input = Omit<DropInInput, "waiverVersion">;
type Values = FormValues<Input>;

const GUARDIAN_ACCEPTS = "I am the parent or guardian named above: I have read the waiver and accept it for this visitor";

const FIELDS = ["visitDate", "name", "email", "affiliate", "ageGroup", "guardianName", "waiverAccepted"] as const satisfies ReadonlyArray<
  keyof Values
>;

function toPayload(values: Values, waiverVersion: string) {
  return {
    visitDate: values.visitDate,
    name: values.name,
    email: values.email,
    ...(values.affiliate.trim() ? { affiliate: values.affiliate } : {}),
    ...(values.ageGroup ? { ageGroup: values.ageGroup } : {}),
    ...(guardianAccepts(values.ageGroup) ? { guardianName: values.guardianName } : {}),
    waiverAccepted: values.waiverAccepted,
    waiverVersion,
  };
}

/** A visiting athlete tells the gym the day they come, and signs the waiver before they arrive. */
export function DropInForm({
  classDays,
  today,
  waiver,
  fee,
}: {
  /** The weekdays with a class a visitor can join (src/forms/dropIn.ts). */
  classDays: readonly Day[];
  today: string;
  waiver: ShownWaiver;
  /** The drop-in fee as shown ("$20"). */
  fee: string;
}) {
  const payloadOf = (values: Values) => toPayload(values, waiver.version);
  const form = useForm<Input>({
    formId: "drop-in",
    endpoint: apiPath("drop-in"),
    initialValues: {
      visitDate: "",
      name: "",
      email: "",
      affiliate: "",
      ageGroup: "",
      guardianName: "",
      waiverAccepted: false,
      website: "",
    },
    fieldOrder: FIELDS,
    loadCheck: async () => {
      const { dropInErrors } = await import("../../forms/schemas/dropIn");
      return (values) => dropInErrors(payloadOf(values), classDays, today, waiver.version);
    },
    toPayload: payloadOf,
    onSent: () => trackLead("drop-in"),
  });
  const { visitDate, ageGroup } = form.control.values;
  const last = addDays(today, MAX_VISIT_DAYS);

  return (
    <FormShell
      form={form}
      label="Drop-in visit"
      submitLabel="Send"
      success={(reference) => (
        <>
          <h2>See you {isIsoDate(visitDate) ? `on ${formatLongDate(visitDate)}` : "soon"}</h2>
          <p>
            A coach will e-mail you before your visit to say which class suits you best. The waiver is signed, so on the day you only pay
            the {fee} drop-in fee.
          </p>
          <YourReference reference={reference} />
        </>
      )}
    >
      <TextInput
        control={form.control}
        name="visitDate"
        label="Date of your visit"
        type="date"
        required
        min={today}
        max={last}
        hint={`Any ${listText(classDays, "or")}, up to ${formatLongDate(last)}.`}
      />
      <TextInput control={form.control} name="name" label="Your name" required autoComplete="name" maxLength={LIMITS.name} />
      <EmailInput control={form.control} />
      <TextInput
        control={form.control}
        name="affiliate"
        label="Your home gym"
        autoComplete="organization"
        maxLength={LIMITS.name}
        hint="Optional: the CrossFit affiliate where you train."
      />
      <RadioGroup
        control={form.control}
        name="ageGroup"
        label="Your age"
        required
        hint={`Drop-in classes are for ages ${ADULT_MIN_AGE} and up.`}
        options={[
          { value: AGE_GROUPS[0], label: `${ADULT_AGE} or older` },
          { value: AGE_GROUPS[1], label: `${ADULT_MIN_AGE} to ${ADULT_AGE - 1}` },
        ]}
      />
      {(guardianAccepts(ageGroup) || Boolean(form.control.errors.guardianName)) && (
        <GuardianName control={form.control} hint="Fill in the rest of the form with them: they accept the waiver below for you." />
      )}
      <WaiverAgreement
        control={form.control}
        waiver={waiver}
        // A minor's own acceptance binds nobody: for 13 to 17 the box is the guardian's statement.
        acceptLabel={guardianAccepts(ageGroup) ? GUARDIAN_ACCEPTS : undefined}
      />
    </FormShell>
  );
}
