import type { AppointmentSummary } from '@vet/contracts/appointments';
import { clinicianPhrase } from '@vet/contracts/clinician-phrase';
import { foldCalendarLine } from '@vet/contracts/calendar-lines';

type CalendarAppointment = Pick<
  AppointmentSummary,
  'appointmentId' | 'petName' | 'reasonName' | 'practiceName' | 'clinicianType' | 'startsAt' | 'endsAt'
> &
  Partial<Pick<AppointmentSummary, 'clinicianName'>>;

/** 20261201T093000Z: iCalendar's UTC form, so every calendar shows the time in its own zone correctly. */
function icsInstant(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * The appointment as an iCalendar file, built in the browser: one event, times in UTC, the same UID as
 * the confirmation e-mail's (`appointment-<id>@…`), so a calendar that has both keeps one entry. No
 * METHOD: a plain event to import, not an invitation (decision 0082).
 */
export function appointmentCalendarFile(appointment: CalendarAppointment, now = new Date()): string {
  // The vet the client named, as the confirmation e-mail's entry says it (decision 0141).
  const who = clinicianPhrase(appointment);
  const clinician = who ? ` ${who}` : '';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Client Portal//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:appointment-${appointment.appointmentId}@client-portal`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(appointment.startsAt)}`,
    `DTEND:${icsInstant(appointment.endsAt)}`,
    `SUMMARY:${icsText(`${appointment.petName}: ${appointment.reasonName}`)}`,
    `LOCATION:${icsText(appointment.practiceName)}`,
    `DESCRIPTION:${icsText(`${appointment.reasonName} for ${appointment.petName}${clinician} at ${appointment.practiceName}.`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldCalendarLine).join('\r\n')}\r\n`;
}

/** A data: URL of the file, for a plain download link (works without script, and in every browser). */
export function appointmentCalendarHref(appointment: CalendarAppointment, now?: Date): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(appointmentCalendarFile(appointment, now))}`;
}
