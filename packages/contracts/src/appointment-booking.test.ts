import { describe, expect, it } from 'vitest';
import { bookingRefusal, changeableUntil, datedAppointmentSlotsQuerySchema } from './appointment-booking.ts';
import { featureKeys } from './practices.ts';

const open = { allowed: true, toggles: [{ featureKey: featureKeys.onlineBooking, value: 'True' }] };
const pet = { status: 'Active' as const, awaitingInitialConsultation: false, speciesId: 1 };
const checkUp = { isInitialConsultation: false, speciesIds: [] };

describe('bookingRefusal', () => {
  it('refuses when the client is not allowed or the practice has online booking off', () => {
    expect(bookingRefusal({ ...open, allowed: false })).toBe('bookingUnavailable');
    expect(bookingRefusal({ allowed: true, toggles: [] })).toBe('bookingUnavailable');
    expect(
      bookingRefusal({ allowed: true, toggles: [{ featureKey: featureKeys.onlineBooking, value: 'true' }] }),
    ).toBe('bookingUnavailable');
    expect(bookingRefusal(open)).toBeNull();
  });

  it('refuses a deceased pet, a pet awaiting its initial consultation (other reasons), a reason of other species', () => {
    expect(bookingRefusal({ ...open, pet: { ...pet, status: 'Deceased' }, reason: checkUp })).toBe(
      'petDeceased',
    );
    const awaiting = { ...pet, awaitingInitialConsultation: true };
    expect(bookingRefusal({ ...open, pet: awaiting, reason: checkUp })).toBe('awaitingInitialConsultation');
    expect(
      bookingRefusal({ ...open, pet: awaiting, reason: { ...checkUp, isInitialConsultation: true } }),
    ).toBeNull();
    expect(bookingRefusal({ ...open, pet, reason: { ...checkUp, speciesIds: [2, 3] } })).toBe(
      'reasonNotForSpecies',
    );
    expect(bookingRefusal({ ...open, pet, reason: { ...checkUp, speciesIds: [1] } })).toBeNull();
  });

  it('refuses a rehomed pet in its own words, whatever the reason, before the consultation rule', () => {
    const rehomed = { ...pet, status: 'Rehomed' as const };
    expect(bookingRefusal({ ...open, pet: rehomed })).toBe('petRehomed');
    expect(bookingRefusal({ ...open, pet: rehomed, reason: checkUp })).toBe('petRehomed');
    expect(
      bookingRefusal({
        ...open,
        pet: { ...rehomed, awaitingInitialConsultation: true },
        reason: { ...checkUp, isInitialConsultation: true },
      }),
    ).toBe('petRehomed');
    expect(bookingRefusal({ ...open, allowed: false, pet: rehomed })).toBe('bookingUnavailable');
  });
});

describe('changeableUntil and the dated query', () => {
  it('is the start minus the cut-off; toDate may not precede fromDate', () => {
    expect(changeableUntil(new Date('2026-06-01T10:00:00Z'), 120).toISOString()).toBe(
      '2026-06-01T08:00:00.000Z',
    );
    const query = { appointmentReasonId: '1', fromDate: '2026-06-02', toDate: '2026-06-01' };
    expect(datedAppointmentSlotsQuerySchema.safeParse(query).success).toBe(false);
    expect(datedAppointmentSlotsQuerySchema.safeParse({ ...query, toDate: '2026-06-02' }).success).toBe(true);
  });
});
