import { describe, expect, it } from 'vitest';
import { appointmentCalendarFile } from './calendar-file';

const appointment = {
  appointmentId: 42,
  petName: 'Hazel',
  reasonName: 'Vaccination, booster',
  practiceName: 'Didsbury',
  clinicianType: 'Vet' as const,
  startsAt: '2026-12-01T09:30:00+00:00',
  endsAt: '2026-12-01T09:45:00+00:00',
};

describe('appointmentCalendarFile', () => {
  it('writes one event in UTC with CRLF lines and escaped text', () => {
    const file = appointmentCalendarFile(appointment, new Date('2026-11-23T05:00:00Z'));
    expect(file).toContain('\r\nDTSTART:20261201T093000Z\r\n');
    expect(file).toContain('\r\nDTEND:20261201T094500Z\r\n');
    expect(file).toContain('\r\nDTSTAMP:20261123T050000Z\r\n');
    expect(file).toContain('SUMMARY:Hazel: Vaccination\\, booster');
    expect(file).toContain('UID:appointment-42@client-portal');
    expect(file).toContain('with a vet at Didsbury.');
    expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('names the vet the client chose, as the e-mail’s entry does (decision 0141)', () => {
    const file = appointmentCalendarFile({ ...appointment, clinicianName: 'Kirsty Doyle' });
    expect(file).toContain('for Hazel with Kirsty Doyle at Didsbury.');
    expect(file).not.toContain('a vet');
  });

  it('folds long lines within 75 octets (RFC 5545), so accented text does not overflow', () => {
    const file = appointmentCalendarFile(
      {
        ...appointment,
        petName: 'Gwenllïan Llŷr',
        reasonName: 'Brechiad blynyddol a gwiriad iechyd llawn, gyda’r milfeddyg',
        practiceName: 'Milfeddygon Pen-y-bont ar Ogwr, Heol-y-Bont Fawr',
      },
      new Date('2026-11-23T05:00:00Z'),
    );
    const lines = file.slice(0, -2).split('\r\n');
    expect(lines.filter((line) => new TextEncoder().encode(line).length > 75)).toEqual([]);
    const unfolded = file.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(
      '\r\nDESCRIPTION:Brechiad blynyddol a gwiriad iechyd llawn\\, gyda’r milfeddyg for Gwenllïan Llŷr with a vet at Milfeddygon Pen-y-bont ar Ogwr\\, Heol-y-Bont Fawr.\r\n',
    );
  });
});
