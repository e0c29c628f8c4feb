import type { SentWords } from "../sentWords";

/**
 * A kids' trial seat booked: every send the server stores has taken its seat (a class just filled is a
 * 409, never a 201), so the words say so plainly. `when`: the class as the server words it ("Tuesday,
 * December 1 at 4:00 PM"), `coach` and `childName` as stored; all absent when the page does not know the
 * booking (a wrong or old key). `confirmation`: this server e-mails visitors; `email` as typed, when known.
 */
export function kidsTrialSent({
  when,
  coach,
  childName,
  confirmation,
  email,
}: {
  when?: string;
  coach?: string;
  childName?: string;
  confirmation: boolean;
  email?: string;
}): SentWords {
  const child = childName ? `${childName}'s` : "Your child's";
  const withCoach = coach ? ` with Coach ${coach}` : "";
  return {
    title: when ? `You're booked: ${when}` : "You're booked",
    paragraphs: [
      `${child} free trial class${when ? `${withCoach}` : ""} is booked.`,
      confirmation
        ? `We have e-mailed ${email ?? "you"} the details: the address and which door, what to bring, a calendar file, and a link to cancel if plans change.`
        : when
          ? "No e-mail is sent for this booking, so please note the time. To cancel, please call us."
          : "No e-mail is sent for this booking: to check the time or cancel, please call us.",
    ],
  };
}
