import { describe, expect, it } from 'vitest';
import { appointments } from './appointments.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['appointments.csv'];

describe('appointments.csv', () => {
  it('stages a practice booking with its references as text', () => {
    expect(accepted(appointments, valid)).toEqual({
      appointment_ref: 'B1',
      practice_ref: 'P1',
      clinician_ref: 'C1',
      client_ref: 'K1',
      pet_ref: 'A1',
      reason_ref: 'R1',
      starts_at: '2026-12-01T09:00:00Z',
      ends_at: '2026-12-01T09:20:00Z',
      status: 'Booked',
      notes: 'Bring the lead',
      notes_for_client: true,
    });
    // Staff notes unless marked (security round three, finding 12).
    expect(accepted(appointments, { ...valid, notes_for_client: '' }).notes_for_client).toBe(false);
  });

  it('takes every status of the portal in any case, and refuses any other', () => {
    for (const [cell, status] of [
      ['completed', 'Completed'],
      ['NOSHOW', 'NoShow'],
      ['Cancelled', 'Cancelled'],
    ] as const) {
      expect(accepted(appointments, { ...valid, status: cell }).status).toBe(status);
    }
    expect(refused(appointments, { ...valid, status: 'No show' })).toEqual([
      { column: 'status', reason: 'not one of Booked, Cancelled, Completed, NoShow' },
    ]);
  });

  it('refuses an end at or before the start, naming both columns', () => {
    expect(refused(appointments, { ...valid, ends_at: '2026-12-01T08:59:00Z' })).toEqual([
      { column: null, reason: 'ends_at is not after starts_at' },
    ]);
    expect(refused(appointments, { ...valid, ends_at: '2026-12-01T10:00:00+01:00' })).toEqual([
      { column: null, reason: 'ends_at is not after starts_at' },
    ]);
  });
});
