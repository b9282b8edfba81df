import { describe, expect, it } from 'vitest';
import { appointmentEmail, practiceTime } from './booking-emails.ts';

const facts = {
  change: 'booked' as const,
  appointmentId: 42,
  to: 'sam@example.test',
  firstName: 'Sam',
  brandName: 'Harbour Vets',
  petName: 'Biscuit',
  reasonName: 'Vaccination',
  clinicianType: 'Vet',
  practiceName: 'Harbour Vets Leeds',
  practicePhone: '0113 496 0000',
  practiceAddress: '1 High Street, Leeds, LS1 1AA',
  timeZone: 'Europe/London',
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T08:30:00Z'),
  cutoffMinutes: 120,
  changedAt: new Date('2026-03-01T00:00:00Z'),
};

describe('appointment e-mails', () => {
  it('labels UK time on both sides of a clock change', () => {
    expect(practiceTime(new Date('2026-03-29T08:00:00Z'), 'Europe/London')).toBe(
      'Sunday 29 March 2026 at 09:00 BST',
    );
    expect(practiceTime(new Date('2026-10-25T09:00:00Z'), 'Europe/London')).toBe(
      'Sunday 25 October 2026 at 09:00 GMT',
    );
  });

  it('attaches a calendar entry with one UID per appointment; a cancellation cancels it', () => {
    const booked = appointmentEmail(facts);
    expect(booked.text).toContain('When: Sunday 29 March 2026 at 09:00 BST (UK time).');
    const ics = booked.attachments?.[0]?.content ?? '';
    expect(ics).toContain('UID:appointment-42@client-portal');
    expect(ics).toContain('DTSTART:20260329T080000Z');
    expect(ics).toContain('METHOD:REQUEST');
    const cancelled = appointmentEmail({ ...facts, change: 'cancelled' }).attachments?.[0]?.content ?? '';
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});
