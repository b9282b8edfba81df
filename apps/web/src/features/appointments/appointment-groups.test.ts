import { clinicianPhrase } from '@vet/contracts/booking-rules';
import { describe, expect, it } from 'vitest';
import { groupAppointments } from './appointment-groups';

const now = new Date('2026-11-23T12:00:00Z');
const item = (id: number, status: 'Booked' | 'Cancelled' | 'Completed', startsAt: string) => ({
  id,
  status,
  startsAt,
});

describe('groupAppointments', () => {
  it('puts booked future ones first, soonest first, and the rest latest first', () => {
    const groups = groupAppointments(
      [
        item(1, 'Booked', '2026-12-02T09:00:00Z'),
        item(2, 'Booked', '2026-11-30T09:00:00Z'),
        item(3, 'Cancelled', '2026-12-05T09:00:00Z'),
        item(4, 'Completed', '2026-10-01T09:00:00Z'),
        item(5, 'Booked', '2026-11-23T11:00:00Z'),
      ],
      now,
    );
    expect(groups.upcoming.map((a) => a.id)).toEqual([2, 1]);
    expect(groups.past.map((a) => a.id)).toEqual([3, 5, 4]);
  });

  it('names the clinician type', () => {
    expect(clinicianPhrase({ clinicianType: 'Vet' })).toBe('with a vet');
    expect(clinicianPhrase({ clinicianType: 'Nurse', clinicianName: null })).toBe('with a nurse');
    expect(clinicianPhrase({ clinicianType: 'Unknown' })).toBeNull();
  });

  it('names the vet the client chose, and only then (decision 0141)', () => {
    expect(clinicianPhrase({ clinicianType: 'Vet', clinicianName: 'Kirsty Doyle' })).toBe(
      'with Kirsty Doyle',
    );
    expect(clinicianPhrase({ clinicianType: 'Vet', clinicianName: null })).toBe('with a vet');
  });
});
