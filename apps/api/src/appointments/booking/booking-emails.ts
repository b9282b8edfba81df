import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import {
  clockTime,
  monthNames,
  practiceWallTime,
  practiceZoneName,
  weekdayNames,
} from '@vet/contracts/practice-clock';
import { clinicianPhrase } from '@vet/contracts/booking-rules';
import { fromPriceText, noPriceText, priceChangeText } from '@vet/contracts/money';
import { quotesToSay } from '@vet/contracts/visit-quotes';
import type { FromPrice } from '@vet/contracts/practice-prices';
import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-rules';
import { writtenPrescriptionNotice } from '@vet/contracts/written-prescription-notice';
import { appointmentCalendar } from './appointment-calendar.ts';

export type AppointmentChange = 'booked' | 'amended' | 'cancelled';

/** What a confirmation says: ids and names the client already knows, nothing else. */
export interface AppointmentEmailFacts {
  change: AppointmentChange;
  appointmentId: number;
  to: string;
  firstName: string;
  brandName: string;
  petName: string;
  reasonName: string;
  clinicianType: 'Vet' | 'Nurse' | 'Unknown';
  /** The clinician the client named online, while still theirs (decision 0141); null: "with a vet". */
  clinicianName: string | null;
  practiceName: string;
  practicePhone: string;
  practiceAddress: string;
  startsAt: Date;
  endsAt: Date;
  cutoffMinutes: number;
  /** When the change happened: the calendar part's DTSTAMP. */
  changedAt: Date;
  /** appointments.calendar_sequence as this e-mail leaves: 0 booked, one higher per change (decision 0082). */
  calendarSequence: number;
  /** The calendar part's ORGANIZER address: the portal's no-reply address (MAIL_FROM's). */
  organizerEmail: string;
  /** The appointment's manage link (decision 0084): every e-mail of a booked appointment carries it. */
  manageUrl?: string | undefined;
  /**
   * The price quoted for the appointment's day (issue 62: the one stored on it), null when none was in
   * force; a booking's or a move's e-mail names it, a cancellation leaves it out (undefined).
   */
  price?: FromPrice | null | undefined;
  /** Who owns the practice, for the closing lines (decision 0143); null: not given. */
  practiceOwnerName?: string | null | undefined;
  /** The portal's address, whose /complaints the closing lines link (decision 0143). */
  portalUrl?: string | undefined;
  /**
   * The practice's written prescription fees today: a booking's confirmation carries the notice (issue
   * 62, decision 0148); other e-mails leave it out (undefined).
   */
  writtenPrescriptionFees?: WrittenPrescriptionFees | undefined;
  /** The deposit's or card hold's terms it was booked with, as shown before payment (decision 0158). */
  paymentTerms?: string | undefined;
  /** A move's price before it: when it differs from `price`, the e-mail says so. */
  previousPrice?: FromPrice | null | undefined;
  /** A visit's quotes, pet by pet (a cat's and a dog's band may differ); said once when all agree. */
  petPrices?: readonly PetQuote[] | undefined;
}

/** One pet's quote in a visit's e-mail, and for a move the quote before it. */
export interface PetQuote {
  petName: string;
  price: FromPrice | null;
  previousPrice?: FromPrice | null | undefined;
}

/** "Price: From £45.00 (includes …)." or, with no price in force, "Price not yet published." */
export function priceSentence(price: FromPrice | null, label = 'Price'): string {
  if (!price) return label === 'Price' ? `${noPriceText}.` : `${label}: not yet published.`;
  const includes = price.includes ? ` (includes: ${price.includes.replace(/\.$/, '')})` : '';
  return `${label}: ${fromPriceText(price.amountPence)}${includes}.`;
}

const pence = (price: FromPrice | null | undefined) => price?.amountPence ?? null;

/** The e-mail's price lines: the quote (per pet when a visit's differ), and what a move changed. */
function priceLines(facts: AppointmentEmailFacts): string[] {
  const quotes =
    facts.petPrices ??
    (facts.price === undefined
      ? []
      : [{ petName: facts.petName, price: facts.price, previousPrice: facts.previousPrice }]);
  const { perPet, said } = quotesToSay(quotes);
  return said.flatMap((quote) => {
    const changed =
      quote.previousPrice === undefined
        ? null
        : priceChangeText(pence(quote.price), pence(quote.previousPrice));
    const label = perPet ? `Price for ${quote.petName}` : 'Price';
    return [priceSentence(quote.price, label), ...(changed ? [changed] : [])];
  });
}

/**
 * "Friday 27 November 2026 at 09:00 GMT": the practice's clock, labelled (GMT or BST), by the rule the
 * API's slots and the web's pages read (practice-clock.ts, decision 0055): en-GB's words, as ICU wrote
 * them here before.
 */
export function practiceTime(instant: Date): string {
  const wall = practiceWallTime(instant);
  return `${weekdayNames[wall.weekday]} ${wall.day} ${monthNames[wall.month - 1]} ${wall.year} at ${clockTime(wall)} ${practiceZoneName(instant)}`;
}

/** The manage link's words in an e-mail; the development mailbox and the tests find the link by them. */
export const manageLinkLabel = "Confirm you'll be there, cancel or change the time";

const subjects: Record<AppointmentChange, string> = {
  booked: 'Your appointment is booked',
  amended: 'Your appointment has moved',
  cancelled: 'Your appointment is cancelled',
};

/**
 * The calendar invitation (decision 0082): one UID per appointment and a rising SEQUENCE, so a move or a
 * cancellation updates the entry in place; the practice organizes, the client attends.
 */
function calendarEntry(facts: AppointmentEmailFacts): string {
  return appointmentCalendar({
    method: facts.change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    appointmentId: facts.appointmentId,
    sequence: facts.calendarSequence,
    stampedAt: facts.changedAt,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    brandName: facts.brandName,
    organizer: { name: facts.practiceName, email: facts.organizerEmail },
    attendee: { name: facts.firstName, email: facts.to },
    summary: `${facts.petName}: ${facts.reasonName} at ${facts.practiceName}`,
    description: `${withWhom(facts.reasonName, facts)}. Practice phone: ${facts.practicePhone}`,
    location: `${facts.practiceName}, ${facts.practiceAddress}`,
  });
}

/** "Dental check with Kirsty Doyle", "Dental check with a vet" (decision 0141): the reason and who sees the pet. */
function withWhom(reasonName: string, facts: Pick<AppointmentEmailFacts, 'clinicianType' | 'clinicianName'>) {
  const who = clinicianPhrase(facts);
  return who ? `${reasonName} ${who}` : reasonName;
}

/** What a stored appointment's record (appointment-records.ts) gives its e-mails. */
export type RecordEmailFacts = Pick<
  AppointmentEmailFacts,
  | 'appointmentId'
  | 'petName'
  | 'reasonName'
  | 'clinicianType'
  | 'clinicianName'
  | 'practiceName'
  | 'practicePhone'
  | 'practiceAddress'
  | 'startsAt'
  | 'endsAt'
  | 'cutoffMinutes'
  | 'calendarSequence'
  | 'practiceOwnerName'
>;

/**
 * The e-mail of a change to a stored appointment, whoever made it (the client, or the practice cancelling:
 * decision 0063): the record's facts, to the client, dated now so that its calendar entry replaces theirs.
 */
export function recordChangeEmail(
  record: RecordEmailFacts,
  client: { email: string; firstName: string },
  change: {
    change: AppointmentChange;
    brandName: string;
    organizerEmail: string;
    changedAt: Date;
    manageUrl?: string | undefined;
    portalUrl?: string | undefined;
    /** A move's new quote and the one before it (issue 62); undefined for a cancellation. */
    price?: FromPrice | null | undefined;
    previousPrice?: FromPrice | null | undefined;
  },
): OutgoingEmail {
  return appointmentEmail({
    change: change.change,
    appointmentId: record.appointmentId,
    to: client.email,
    firstName: client.firstName,
    brandName: change.brandName,
    petName: record.petName,
    reasonName: record.reasonName,
    clinicianType: record.clinicianType,
    clinicianName: record.clinicianName,
    practiceName: record.practiceName,
    practicePhone: record.practicePhone,
    practiceAddress: record.practiceAddress,
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    cutoffMinutes: record.cutoffMinutes,
    changedAt: change.changedAt,
    calendarSequence: record.calendarSequence,
    organizerEmail: change.organizerEmail,
    manageUrl: change.manageUrl,
    practiceOwnerName: record.practiceOwnerName,
    portalUrl: change.portalUrl,
    price: change.price,
    previousPrice: change.previousPrice,
  });
}

/** R4.23: the confirmation of a booking, a move or a cancellation, with its .ics attachment. */
export function appointmentEmail(facts: AppointmentEmailFacts): OutgoingEmail {
  const when = practiceTime(facts.startsAt);
  const what = `${facts.petName}: ${withWhom(facts.reasonName, facts)} at ${facts.practiceName}.`;
  const cutoffHours = facts.cutoffMinutes / 60;
  const paragraphs =
    facts.change === 'cancelled'
      ? [`We have cancelled this appointment: ${what}`, `It was on ${when} (UK time).`]
      : [
          facts.change === 'booked'
            ? `Your appointment is booked: ${what}`
            : `Your appointment has moved: ${what}`,
          `When: ${when} (UK time).`,
          `Where: ${facts.practiceAddress}.`,
          ...priceLines(facts),
          ...(facts.paymentTerms && facts.change === 'booked' ? [facts.paymentTerms] : []),
          ...(facts.writtenPrescriptionFees
            ? [writtenPrescriptionNotice(facts.writtenPrescriptionFees)]
            : []),
          `You can change or cancel it in the portal until ${cutoffHours} hours before it starts; after that, please call the practice on ${facts.practicePhone}.`,
        ];
  const content = brandedEmail({
    brandName: facts.brandName,
    subject: subjects[facts.change],
    greeting: `Hello ${facts.firstName},`,
    paragraphs,
    ...(facts.manageUrl && facts.change !== 'cancelled'
      ? { action: { label: manageLinkLabel, url: facts.manageUrl } }
      : {}),
    footer: 'The attached calendar entry adds the appointment to your calendar, or updates it.',
    ...(facts.portalUrl
      ? {
          sender: {
            portalUrl: facts.portalUrl,
            practice: { name: facts.practiceName, ownerName: facts.practiceOwnerName ?? null },
          },
        }
      : {}),
  });
  return {
    to: facts.to,
    ...content,
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: `text/calendar; charset=utf-8; method=${facts.change === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
        content: calendarEntry(facts),
      },
    ],
  };
}
