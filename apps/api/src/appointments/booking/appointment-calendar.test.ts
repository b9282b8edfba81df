import { describe, expect, it } from 'vitest';
import { icalText, readICalendar, readInvitation } from '../../testing/rfc5545-test-reader.ts';
import { appointmentCalendar, mailboxAddress, type AppointmentInvitation } from './appointment-calendar.ts';

const invitation: AppointmentInvitation = {
  method: 'REQUEST',
  appointmentId: 42,
  sequence: 0,
  stampedAt: new Date('2026-03-01T10:15:00Z'),
  // 09:00 BST on the first Sunday of summer time.
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T08:30:00Z'),
  brandName: 'Harbour Vets',
  organizer: { name: 'Harbour Vets Leeds', email: 'no-reply@harbourvets.example' },
  attendee: { name: 'Sam', email: 'sam@example.test' },
  summary: 'Biscuit: Vaccination at Harbour Vets Leeds',
  description: 'Vaccination with a vet. Practice phone: 0113 496 0000',
  location: 'Harbour Vets Leeds, 1 High Street, Leeds, LS1 1AA',
};

describe('an appointment calendar part', () => {
  it('is a REQUEST with everything RFC 5546 asks of one, read by the tests’ own strict reader', () => {
    const read = readInvitation(appointmentCalendar(invitation));
    expect(read.method).toBe('REQUEST');
    expect(read.version).toBe('2.0');
    expect(read.uid).toBe('appointment-42@client-portal');
    expect(read.sequence).toBe(0);
    expect(read.dtstamp).toEqual(invitation.stampedAt);
    expect(read.start).toEqual(invitation.startsAt);
    expect(read.end).toEqual(invitation.endsAt);
    expect(read.status).toBe('CONFIRMED');
    expect(read.location).toBe('Harbour Vets Leeds, 1 High Street, Leeds, LS1 1AA');
    expect(read.summary).toBe(invitation.summary);
    expect(read.description).toBe(invitation.description);
    expect(read.organizer.value.toLowerCase()).toBe('mailto:no-reply@harbourvets.example');
    expect(read.organizer.params.CN).toEqual(['Harbour Vets Leeds']);
    expect(read.attendees).toHaveLength(1);
    expect(read.attendees[0]!.value.toLowerCase()).toBe('mailto:sam@example.test');
    expect(read.attendees[0]!.params).toMatchObject({
      CN: ['Sam'],
      PARTSTAT: ['ACCEPTED'],
      RSVP: ['FALSE'],
      ROLE: ['REQ-PARTICIPANT'],
    });
    expect(read.calendar.properties.find((p) => p.name === 'PRODID')?.value).toBe(
      '-//Harbour Vets//Client Portal//EN',
    );
  });

  it('writes the attendee’s enumerated parameters as RFC 5545 tokens, not quoted strings', () => {
    const unfolded = appointmentCalendar(invitation).replace(/\r\n[ \t]/g, '');
    const attendee = unfolded.split('\r\n').find((line) => line.startsWith('ATTENDEE'))!;
    for (const param of ['PARTSTAT=ACCEPTED', 'ROLE=REQ-PARTICIPANT', 'CUTYPE=INDIVIDUAL', 'RSVP=FALSE']) {
      expect(attendee).toMatch(new RegExp(`;${param}[;:]`));
    }
  });

  it('is a CANCEL of the same UID at its higher SEQUENCE, STATUS:CANCELLED', () => {
    const read = readInvitation(appointmentCalendar({ ...invitation, method: 'CANCEL', sequence: 2 }));
    expect(read.method).toBe('CANCEL');
    expect(read.uid).toBe('appointment-42@client-portal');
    expect(read.sequence).toBe(2);
    expect(read.status).toBe('CANCELLED');
    expect(read.attendees).toHaveLength(1);
  });

  it('writes the UTC instant on both sides of a clock change, with no personal data in the UID', () => {
    const winter = readInvitation(
      appointmentCalendar({
        ...invitation,
        startsAt: new Date('2026-10-25T09:00:00Z'),
        endsAt: new Date('2026-10-25T09:30:00Z'),
      }),
    );
    expect(winter.start.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    const summer = readInvitation(appointmentCalendar(invitation));
    expect(summer.event.properties.find((p) => p.name === 'DTSTART')?.value).toBe('20260329T080000Z');
    expect(summer.uid).not.toMatch(/sam|example|@example\.test/i);
  });

  it('folds long lines within 75 octets, escapes TEXT, and keeps quotes out of parameter values', () => {
    const text = appointmentCalendar({
      ...invitation,
      attendee: { name: 'Sam "Sammy" O\'Neil', email: 'sam@example.test' },
      summary: 'Biscuit; the spaniel, a very long appointment summary that must be folded across lines',
      description: 'Line one\nLine two, with a comma; and a semicolon \\ and a backslash',
    });
    const read = readInvitation(text);
    expect(read.summary).toBe(
      'Biscuit; the spaniel, a very long appointment summary that must be folded across lines',
    );
    expect(read.description).toBe('Line one\nLine two, with a comma; and a semicolon \\ and a backslash');
    expect(read.attendees[0]!.params.CN).toEqual(["Sam 'Sammy' O'Neil"]);
  });

  it('folds by octets, not characters, so a Welsh or accented line stays within 75 octets', () => {
    const summary =
      'Llŷr’s cat Gwenllïan: Brechiad at Milfeddygon Caerdydd, Heol-y-Bont Fawr, Pen-y-bont ar Ogwr';
    const read = readInvitation(
      appointmentCalendar({ ...invitation, summary, location: `${summary} é`.repeat(3) }),
    );
    expect(read.summary).toBe(summary);
    expect(read.location).toBe(`${summary} é`.repeat(3));
  });

  it('takes the address out of a From header, and refuses one without an address', () => {
    expect(mailboxAddress('"Harbour Vets Client Portal" <no-reply@harbourvets.example>')).toBe(
      'no-reply@harbourvets.example',
    );
    expect(mailboxAddress('no-reply@harbourvets.example')).toBe('no-reply@harbourvets.example');
    expect(() => mailboxAddress('Harbour Vets')).toThrow();
  });
});

describe('the tests’ own iCalendar reader', () => {
  it('unfolds, reads quoted parameters, and refuses what strict programs refuse', () => {
    const ok = readICalendar('BEGIN:VCALENDAR\r\nX-A;CN="a;b:c",d;Y=1:val\r\n ue\r\nEND:VCALENDAR\r\n')
      .properties[0]!;
    expect(ok).toEqual({ name: 'X-A', params: { CN: ['a;b:c', 'd'], Y: ['1'] }, value: 'value' });
    expect(() => readICalendar('BEGIN:VCALENDAR\nEND:VCALENDAR\n')).toThrow();
    expect(() => readICalendar(`BEGIN:VCALENDAR\r\nX-A:${'x'.repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow(
      /75 octets/,
    );
    expect(() => readICalendar('BEGIN:VCALENDAR\r\nX-A;CN="a"b":v\r\nEND:VCALENDAR\r\n')).toThrow();
    expect(() => readICalendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow();
    expect(() => icalText('a\\qb')).toThrow();
  });
});
