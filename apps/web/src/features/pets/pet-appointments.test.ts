import { buildAppointment } from '@vet/contracts/testing/builders';
import { describe, expect, it } from 'vitest';
import { petAppointments } from './pet-appointments';

describe('petAppointments', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const at = (startsAt: string, overrides: Parameters<typeof buildAppointment>[0] = {}) =>
    buildAppointment({ petId: 4, startsAt, ...overrides });

  it('keeps only the pet’s own, upcoming soonest first, the rest latest first', () => {
    const later = at('2026-07-01T09:00:00Z');
    const soon = at('2026-06-11T09:00:00Z');
    const lastMonth = at('2026-05-01T09:00:00Z', { status: 'Completed' });
    const lastYear = at('2025-06-01T09:00:00Z', { status: 'Completed' });
    const otherPet = at('2026-06-12T09:00:00Z', { petId: 5 });
    expect(petAppointments([lastYear, later, otherPet, lastMonth, soon], 4, now)).toEqual({
      upcoming: [soon, later],
      past: [lastMonth, lastYear],
    });
  });

  it('counts a cancelled or started appointment as no longer upcoming', () => {
    const cancelled = at('2026-06-20T09:00:00Z', { status: 'Cancelled' });
    const startedNow = at('2026-06-10T12:00:00Z');
    const missed = at('2026-06-01T09:00:00Z', { status: 'NoShow' });
    expect(petAppointments([missed, startedNow, cancelled], 4, now)).toEqual({
      upcoming: [],
      past: [cancelled, startedNow, missed],
    });
  });
});
