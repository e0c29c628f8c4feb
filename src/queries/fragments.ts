import { graphql } from "gatsby";

/** Data shapes several page queries ask for, named once. */
export const fragments = graphql`
  fragment ScheduleSlots on ScheduleJson {
    slots {
      day
      start
      end
      program
      coach
      trialSeats
    }
  }

  fragment PolicyNumbers on PoliciesJson {
    holdNoticeDays
    minHoldDays
    maxHoldDays
    maxHoldsPerYear
    cancellationNoticeDays
    holdFee
    cancellationFee
    reactivationFee
    signUpFee
  }

  fragment PrivacyNumbers on PrivacyJson {
    requestResponseDays
    spamDays
    contactMonths
    introMonths
    kidsTrialMonths
    requestMonths
    dropInMonths
  }

  # The numbers staff's text may name as {{placeholders}} (see src/content/policies.ts).
  fragment Placeholders on Query {
    policies: policiesJson {
      ...PolicyNumbers
    }
    privacy: privacyJson {
      ...PrivacyNumbers
    }
  }
`;
