import { Link } from "gatsby";
import siteJson from "../../../content/site.json";
import { textConsentWords } from "../../texts/consent";
import type { FormControl } from "../../hooks/useForm";
import { Checkbox } from "./inputs";

/** The words beside the box, for the gym named in content/site.json: the same the server keeps in the ledger. */
const WORDS = textConsentWords(siteJson);

/**
 * "Text me about my enquiry", under a form's phone field: never ticked for the visitor, its disclosure
 * (src/texts/consent.ts) tied to the box as its description, so a screen reader reads it with the box.
 * The words shown are exactly the text the ledger keeps, the privacy page's address included.
 */
export function TextConsentBox({ control }: { control: FormControl<{ textConsent: boolean }> }) {
  return (
    <Checkbox
      control={control}
      name="textConsent"
      label={WORDS.label}
      hint={
        <>
          {WORDS.lead} Privacy policy: <Link to={WORDS.privacyPath}>{WORDS.privacyAddress}</Link>
        </>
      }
    />
  );
}
