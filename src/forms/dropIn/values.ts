import { guardianAccepts } from "./rules";
import type { DropInInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** The waiver's version comes from the build (the page's, or the server's content), not from the visitor. */
export type DropInValues = FormValues<Omit<DropInInput, "waiverVersion">>;

export const DROP_IN_START: DropInValues = {
  visitDate: "",
  name: "",
  email: "",
  affiliate: "",
  ageGroup: "",
  guardianName: "",
  waiverAccepted: false,
  website: "",
};
export const DROP_IN_FIELDS = fieldsOf(DROP_IN_START);

export function dropInPayload(values: DropInValues, waiverVersion: string) {
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
