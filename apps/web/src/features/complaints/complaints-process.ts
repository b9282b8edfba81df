/**
 * The group's complaints process (decision 0143): one text for every practice, in the portal's code, the
 * practice's own contact coming from its details. The CMA's final decision on veterinary services for
 * household pets (24 March 2026) includes complaints among its remedies:
 * https://www.gov.uk/government/consultations/vets-market-investigation-consultation-on-provisional-decision
 * The time frames are the group's own promise; changing them is a change to this file and its review.
 */
export const complaintSteps: readonly string[] = [
  'Talk to the practice first: most concerns are put right quickly. Ask for the practice manager, or for someone other than the person your concern is about.',
  'If that does not settle it, make a complaint to the practice by phone, by letter to its address or in person. Tell us what happened, when, which pet, and what you would like us to do.',
  'We acknowledge your complaint within 3 working days and tell you who is handling it.',
  'We give you a full written answer within 20 working days. If we need longer, we tell you why and when you will hear from us.',
  'If you are not happy with our answer, or we have not answered within 8 weeks, you can take your complaint to the Veterinary Client Mediation Service, free of charge.',
];

/**
 * The Veterinary Client Mediation Service: free, independent mediation funded by the RCVS, for complaints
 * a practice has not resolved. Its own page: https://www.vetmediation.co.uk/clients/ ; the RCVS's page on
 * it gives this telephone number (read in a copy at rcvs.cf-numiko.com, path
 * /the-veterinary-client-mediation-service-vcms) and that it generally does not take concerns over a year old.
 */
export const vcms = {
  name: 'Veterinary Client Mediation Service',
  url: 'https://www.vetmediation.co.uk/clients/',
  phone: '0345 040 5834',
} as const;
