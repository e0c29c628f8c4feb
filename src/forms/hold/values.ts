import type { HoldInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** Both kinds of request share one form: the date fields of a hold and of a cancellation are all here. */
export type HoldValues = FormValues<HoldInput>;

export const HOLD_START: HoldValues = {
  type: "",
  name: "",
  email: "",
  phone: "",
  textConsent: false,
  holdStart: "",
  holdEnd: "",
  cancelDate: "",
  reason: "",
  acknowledged: false,
  website: "",
};
export const HOLD_FIELDS = fieldsOf(HOLD_START);

/** Only the dates of the kind chosen are sent: a page without JavaScript shows all three. */
export function holdPayload(values: HoldValues) {
  const { type } = values;
  return {
    type,
    name: values.name,
    email: values.email,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    ...(values.textConsent ? { textConsent: true } : {}),
    ...(type === "hold" ? { holdStart: values.holdStart, holdEnd: values.holdEnd } : {}),
    ...(type === "cancel" ? { cancelDate: values.cancelDate } : {}),
    reason: values.reason,
    acknowledged: values.acknowledged,
  };
}
