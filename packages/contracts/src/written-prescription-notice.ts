/**
 * The written-prescription notice (issue 62): the CMA's remedies ask that a client be told, where medicines
 * and bookings are discussed, that they may ask for a written prescription and buy the medicines
 * elsewhere, and what the practice charges for one. One wording for the pages and the e-mails.
 */
import { formatPounds } from './money.ts';
import type { WrittenPrescriptionFees } from './prescription-rules.ts';

/** A practice's own fees as stored; null: the practice sets none (its system left them empty). */
export interface OwnWrittenPrescriptionFees {
  firstPence: number | null;
  furtherPence: number | null;
}

/**
 * The fees a practice charges on a day (decision 0148): its own, at most the cap in force that day; a fee
 * it does not set is the cap in force, never a constant that a later cap would leave behind.
 */
export function practiceWrittenPrescriptionFees(
  own: OwnWrittenPrescriptionFees,
  cap: WrittenPrescriptionFees,
): WrittenPrescriptionFees {
  return {
    firstPence: Math.min(own.firstPence ?? cap.firstPence, cap.firstPence),
    furtherPence: Math.min(own.furtherPence ?? cap.furtherPence, cap.furtherPence),
  };
}

/** The heading the notice carries on a page. */
export const writtenPrescriptionNoticeTitle = 'Medicines from a pharmacy of your choice';

/**
 * "You can ask for a written prescription … The practice’s fee for a written prescription is £21.00 for
 * the first medicine and £12.50 for each further medicine on the same prescription." The fee sentence
 * opens as the prescription form's does (`writtenFeeText`).
 */
export function writtenPrescriptionNotice(fees: WrittenPrescriptionFees): string {
  return (
    'You can ask for a written prescription and buy your pet’s medicines from a pharmacy of your choice. ' +
    `The practice’s fee for a written prescription is ${formatPounds(fees.firstPence)} for the first ` +
    `medicine and ${formatPounds(fees.furtherPence)} for each further medicine on the same prescription.`
  );
}

/**
 * What a written prescription of `count` medicines costs at the practice, said before the client sends a
 * request (decision 0111): "The practice’s fee for a written prescription of 2 medicines is £33.50." The
 * fees come capped by the API.
 */
export function writtenFeeText(fees: WrittenPrescriptionFees, count: number): string {
  const medicines = Math.max(count, 1);
  const fee = formatPounds(fees.firstPence + fees.furtherPence * (medicines - 1));
  const of = medicines === 1 ? '1 medicine' : `${medicines} medicines`;
  return `The practice’s fee for a written prescription of ${of} is ${fee}.`;
}
