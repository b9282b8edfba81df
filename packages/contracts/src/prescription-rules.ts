/**
 * Repeat prescriptions (decision 0111): the words and limits the import, the database, the API and the
 * web share. A pet's medicines are what the practice system sends (medications.csv); a request asks the
 * practice to supply them again, to collect or as a written prescription for a pharmacy.
 */

/**
 * The UK's legal categories of veterinary medicines (Veterinary Medicines Regulations 2013, schedule 3;
 * https://www.gov.uk/guidance/retail-of-veterinary-medicines): POM-V and POM-VPS are prescription-only.
 */
export const medicineCategories = ['POM-V', 'POM-VPS', 'NFA-VPS', 'AVM-GSL'] as const;
export type MedicineCategory = (typeof medicineCategories)[number];
export const prescriptionOnlyCategories: readonly MedicineCategory[] = ['POM-V', 'POM-VPS'];

/** How the client wants it: collected from the practice, or a written prescription for a pharmacy. */
export const supplyMethods = ['collect', 'written'] as const;
export type SupplyMethod = (typeof supplyMethods)[number];

/** Where a request stands: sent, then the practice's answer (decision 0111). */
export const prescriptionRequestStatuses = [
  'Requested',
  'Approved',
  'ReadyToCollect',
  'PrescriptionIssued',
  'Declined',
  'ReviewNeeded',
] as const;
export type PrescriptionRequestStatus = (typeof prescriptionRequestStatuses)[number];
export const prescriptionAnswers = prescriptionRequestStatuses.filter(
  (status): status is Exclude<PrescriptionRequestStatus, 'Requested'> => status !== 'Requested',
);
export type PrescriptionAnswer = (typeof prescriptionAnswers)[number];

/** What each state reads as, on the page and in the e-mail. */
export const prescriptionStatusLabels: Record<PrescriptionRequestStatus, string> = {
  Requested: 'Sent to the practice',
  Approved: 'Approved',
  ReadyToCollect: 'Ready to collect',
  PrescriptionIssued: 'Written prescription issued',
  Declined: 'Declined',
  ReviewNeeded: 'Please book a review',
};

/**
 * The Competition and Markets Authority's cap on a written prescription (final report, 24 March 2026,
 * https://www.gov.uk/government/publications/veterinary-services-for-household-pets-final-decision-report;
 * https://www.gov.uk/guidance/what-veterinary-businesses-and-vets-need-to-do-following-the-cmas-final-vets-report):
 * £21 for the first medicine and £12.50 for each further one, raised each year with inflation. The cap is
 * dated (decision 0142): the written_prescription_caps table, loaded from the reference data, holds each
 * cap from the day it is in force; a practice that sets no fee charges the cap in force (decision 0148).
 */

/** A written prescription's fee or cap: the first medicine and each further one, in pence. */
export interface WrittenPrescriptionFees {
  firstPence: number;
  furtherPence: number;
}

/**
 * The fee for a written prescription of `medicines` medicines, in pence, from the fees the practice
 * charges on the request's day (already at most the cap in force: practiceWrittenPrescriptionFees).
 */
export function writtenPrescriptionFeePence(fees: WrittenPrescriptionFees, medicines: number): number {
  if (medicines <= 0) return 0;
  return fees.firstPence + fees.furtherPence * (medicines - 1);
}

/** The practice's review period when practices.csv leaves it empty: a vet saw the pet within a year. */
export const defaultPrescriptionReviewMonths = 12;
/** The most of one medicine a request may ask for when medications.csv leaves max_quantity empty. */
export const defaultMaxQuantity = 1;
export const maxQuantityLimit = 1000;

/** The API's refusals, one wording for the API and the page. */
export const prescriptionMessages = {
  petNotFound: 'We could not find that pet.',
  medicineNotFound: 'We could not find that medicine on your pet’s list.',
  requestNotFound: 'We could not find that request.',
  petNotActive: 'Repeat prescriptions can only be requested for a pet that is still with you.',
  notRepeatable: (medicine: string) =>
    `Your practice has marked ${medicine} as not repeatable: please contact the practice.`,
  noRepeatsLeft: (medicine: string) =>
    `${medicine} has no repeats left: please contact the practice, who may want to see your pet.`,
  reviewDue: (medicine: string) =>
    `${medicine} needs a check-up with a vet before it can be prescribed again: please book a review.`,
  quantity: (max: number, unit: string) => `Choose a quantity from 1 to ${max} (${unit}).`,
  /** A quantity no list offers (not a whole number from 1 to the most any medicine allows). */
  quantityNotOffered: 'Choose a quantity from the list for this medicine.',
  sameMedicineTwice: 'Each medicine can only be asked for once in a request.',
  alreadyAnswered: 'This request has already been answered.',
} as const;
