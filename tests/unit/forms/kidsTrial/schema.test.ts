import { kidsTrialErrors, kidsTrialSchema } from "../../../../src/forms/kidsTrial/schema";
import { kidsTrialSent } from "../../../../src/forms/kidsTrial/sent";
import { KIDS_TRIAL_START, kidsTrialPayload } from "../../../../src/forms/kidsTrial/values";

/** The kids' trial class's schema (browser and server) and its sent words (page with and without JavaScript). */

const valid = {
  start: "2031-03-05T00:00:00Z",
  childName: " Mia ",
  childAge: "7",
  name: "Ana Quill",
  email: " Ana@Example.COM ",
  phone: "(253) 555-0100",
  elapsedMs: 5000,
};

test("a parent's booking: the class's instant in one spelling, the child's first name and age, the parent's details", () => {
  expect(kidsTrialSchema.parse(valid)).toEqual({
    start: "2031-03-05T00:00:00.000Z",
    childName: "Mia",
    childAge: 7,
    name: "Ana Quill",
    email: "ana@example.com",
    phone: "+12535550100",
    elapsedMs: 5000,
  });
  // A script may send the age as a number.
  expect(kidsTrialSchema.parse({ ...valid, childAge: 12 }).childAge).toBe(12);
});

test("each missing field has its own message; an age outside the kids program's is refused", () => {
  expect(kidsTrialErrors(kidsTrialPayload(KIDS_TRIAL_START))).toEqual({
    start: "Choose a class for the free trial",
    childName: "Enter your child's first name",
    childAge: "Choose your child's age: CrossFit Kids is for ages 6 to 12",
    name: "Enter your name",
    email: "Enter your email address",
    phone: "Enter a phone number, so the coach can reach you on the day",
  });
  for (const childAge of ["5", "13", 7.5, "seven", ""]) {
    expect(kidsTrialErrors({ ...valid, childAge })).toEqual({ childAge: "Choose your child's age: CrossFit Kids is for ages 6 to 12" });
  }
  expect(kidsTrialErrors({ ...valid, childName: "M".repeat(41) })).toEqual({
    childName: "Keep your child's first name under 40 characters",
  });
  // Nothing else about the child is taken.
  expect(kidsTrialErrors({ ...valid, birthDate: "2024-01-01" })).toEqual({ birthDate: "This field is not part of the form" });
});

test("the sent words say plainly it is booked, with and without the stored booking", () => {
  expect(
    kidsTrialSent({ when: "Thursday, March 6 at 4:00 PM", coach: "Jess", childName: "Mia", confirmation: true, email: "ana@example.com" }),
  ).toEqual({
    title: "You're booked: Thursday, March 6 at 4:00 PM",
    paragraphs: [
      "Mia's free trial class with Coach Jess is booked.",
      "We have e-mailed ana@example.com the details: the address and which door, what to bring, a calendar file, and a link to cancel if plans change.",
    ],
  });
  // A wrong or old key: words true of any booking.
  expect(kidsTrialSent({ confirmation: false })).toEqual({
    title: "You're booked",
    paragraphs: [
      "Your child's free trial class is booked.",
      "No e-mail is sent for this booking: to check the time or cancel, please call us.",
    ],
  });
});
