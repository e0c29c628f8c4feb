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
    textMonths
    textConsentMonths
  }

  # The waiver a form shows and the version the server checks it by (src/components/form/WaiverAgreement.tsx).
  fragment ShownWaiver on WaiverJson {
    version
    paragraphs
  }

  # An image in an article's column (an announcement's, an event's, a program's hero).
  fragment ArticleImage on File {
    childImageSharp {
      gatsbyImageData(width: 768, outputPixelDensities: [0.5, 1, 2], placeholder: DOMINANT_COLOR)
    }
  }

  # The same image for links shared on social sites and in chats (src/components/socialImage.ts).
  fragment SocialImage on File {
    childImageSharp {
      gatsbyImageData(layout: FIXED, width: 1200, height: 630, formats: [JPG])
    }
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
