import { pathTo } from "../routes";
import { BookingCancel } from "./BookingCancel";

/** /intro/cancel/: a visitor cancels their own free intro with the link in its e-mails. */
export function IntroCancel() {
  return (
    <BookingCancel
      words={{
        heading: "Cancel your free intro",
        endpoint: "intro-cancel",
        ask: "If you cannot come, cancel here so someone else can have the time. You will get an e-mail to confirm.",
        button: "Cancel my intro",
        done: "Your free intro is cancelled.",
        again: { to: pathTo("intro"), text: "Book another time" },
      }}
    />
  );
}
