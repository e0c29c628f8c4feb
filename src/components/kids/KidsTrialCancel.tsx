import { pathTo } from "../../routes";
import { BookingCancel } from "../BookingCancel";

/** /programs/crossfitkids/trial/cancel/: a parent cancels their child's trial seat with the link in its e-mails. */
export function KidsTrialCancel() {
  return (
    <BookingCancel
      words={{
        heading: "Cancel your child's trial class",
        endpoint: "kids-trial-cancel",
        ask: "If your child cannot come, cancel here so another child can have the seat. You will get an e-mail to confirm.",
        button: "Cancel the trial class",
        done: "Your child's trial class is cancelled.",
        again: { to: pathTo("kidsTrial"), text: "Book another class" },
      }}
    />
  );
}
