import type { Executor } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { eq, sql } from 'drizzle-orm';
import { createEvent } from 'ics';
import { foldCalendarLine } from '@vet/contracts/calendar-lines';

/**
 * The iTIP method of an appointment's calendar part (RFC 5546): REQUEST books or updates the entry the
 * client's calendar holds, CANCEL removes it. A reminder of an unchanged appointment is a REQUEST at the
 * sequence it already has.
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface AppointmentInvitation {
  method: CalendarMethod;
  appointmentId: number;
  /** appointments.calendar_sequence: 0 when booked, one higher with each change or cancellation sent. */
  sequence: number;
  /** When this version was written (DTSTAMP). */
  stampedAt: Date;
  startsAt: Date;
  endsAt: Date;
  /** The portal's brand, for PRODID. */
  brandName: string;
  /** The organizer: the practice, at the portal's no-reply address (MAIL_FROM's). */
  organizer: { name: string; email: string };
  /** The one attendee: the client, who booked it and so has accepted it. */
  attendee: { name: string; email: string };
  summary: string;
  description: string;
  /** The practice's name and address. */
  location: string;
}

/**
 * One UID per appointment, for its booking, every change and its cancellation: the appointment's id, no
 * personal data (no e-mail, no name). The web's "Add to calendar" file uses the same (calendar-file.ts).
 */
export const appointmentUid = (appointmentId: number) => `appointment-${appointmentId}@client-portal`;

/** The address of a From header (`"Harbour Vets Client Portal" <no-reply@harbourvets.example>`). */
export function mailboxAddress(from: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(address)) throw new Error('MAIL_FROM has no usable address.');
  return address;
}

/**
 * A parameter value (CN) as RFC 5545 allows it: a DQUOTE cannot be escaped inside the quoted value the
 * writer makes, so it becomes an apostrophe; control characters become spaces; one line.
 */
function paramText(text: string): string {
  return (
    text
      .replace(/"/g, "'")
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
      .trim()
  );
}

/**
 * Lines folded within 75 octets (RFC 5545 3.1): `ics` folds at 75 characters, which a Welsh or accented
 * name takes past 75 octets. Unfolds its output and folds again by octets, never inside a character.
 */
export function foldByOctets(text: string): string {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldCalendarLine)
    .join('\r\n');
}

/**
 * `ics` quotes every parameter value; RFC 5545 defines PARTSTAT, ROLE and CUTYPE as tokens
 * (`PARTSTAT=ACCEPTED`), which a strict program may not recognise in quotes.
 */
function unquoteEnumerations(text: string): string {
  return text.replace(/\r\n[ \t]/g, '').replace(/;(PARTSTAT|ROLE|CUTYPE)="([A-Z-]+)"/g, ';$1=$2');
}

/**
 * The calendar part of an appointment's e-mail: a VCALENDAR with METHOD and one VEVENT carrying what RFC
 * 5545 and RFC 5546 require of a REQUEST and a CANCEL (decision 0082). Times in UTC, so no VTIMEZONE.
 */
export function appointmentCalendar(invitation: AppointmentInvitation): string {
  const cancelled = invitation.method === 'CANCEL';
  // DTSTAMP: `ics` takes `timestamp` (its schema checks it) though its types do not declare it.
  const stamp = { timestamp: invitation.stampedAt.getTime() };
  const { error, value } = createEvent({
    ...stamp,
    productId: `-//${paramText(invitation.brandName)}//Client Portal//EN`,
    method: invitation.method,
    uid: appointmentUid(invitation.appointmentId),
    sequence: invitation.sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    title: invitation.summary,
    description: invitation.description,
    location: invitation.location,
    start: invitation.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: invitation.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    busyStatus: cancelled ? 'FREE' : 'BUSY',
    transp: cancelled ? 'TRANSPARENT' : 'OPAQUE',
    organizer: { name: paramText(invitation.organizer.name), email: invitation.organizer.email },
    attendees: [
      {
        name: paramText(invitation.attendee.name),
        email: invitation.attendee.email,
        // The client chose the time: nothing to answer, and an answer would go to a no-reply address.
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
        cutype: 'INDIVIDUAL',
      },
    ],
  });
  if (error || !value) throw new Error('The calendar entry could not be built.');
  return foldByOctets(unquoteEnumerations(value));
}

/**
 * The SEQUENCE of a change or cancellation about to be e-mailed: one higher than the last the client was
 * sent, stored in the caller's transaction with the e-mail, so a later version always replaces an earlier.
 */
export async function nextCalendarSequence(tx: Executor, appointmentId: number): Promise<number> {
  const [row] = await tx
    .update(appointments)
    .set({ calendarSequence: sql`${appointments.calendarSequence} + 1` })
    .where(eq(appointments.id, appointmentId))
    .returning({ calendarSequence: appointments.calendarSequence });
  if (!row) throw new Error('the appointment went away under its lock');
  return row.calendarSequence;
}
