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
});
