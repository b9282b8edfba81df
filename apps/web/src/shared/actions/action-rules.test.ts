import type { Pet } from '@vet/contracts/pets';
import type { FeatureToggle } from '@vet/contracts/practices';
import { buildPet } from '@vet/contracts/testing/builders';
import { describe, expect, it } from 'vitest';
import { bookingOutcome, petBookingOutcome, registrationOutcome, type BookingContext } from './action-rules';

const bothOn: FeatureToggle[] = [
  { featureKey: 'Online Booking Enabled', value: 'True' },
  { featureKey: 'online-register-pet-enabled', value: 'true' },
];
const pet = (overrides: Partial<Pet> = {}) =>
  buildPet({ status: 'Active', awaitingInitialConsultation: false, ...overrides });
const booking = (overrides: Partial<BookingContext> = {}) =>
  bookingOutcome({ allowed: true, toggles: bothOn, pets: [pet()], ...overrides });
const dialog = (name: string) => ({ kind: 'dialog', dialog: name });

describe('bookingOutcome', () => {
  it('goes to the booking page when everything allows it', () => {
    expect(booking()).toEqual({ kind: 'navigate', href: '/appointments/book' });
    expect(booking({ pets: [pet(), pet({ awaitingInitialConsultation: true })] })).toEqual({
      kind: 'navigate',
      href: '/appointments/book',
    });
  });

  it('is unavailable when the client may not book online', () => {
    expect(booking({ allowed: false })).toEqual(dialog('booking-unavailable'));
    expect(booking({ allowed: false, pets: [] })).toEqual(dialog('booking-unavailable'));
  });

  it("is unavailable unless the practice's 'Online Booking Enabled' is exactly True", () => {
    for (const value of ['False', 'true', 'TRUE', '']) {
      const toggles = [{ featureKey: 'Online Booking Enabled', value }];
      expect(booking({ toggles })).toEqual(dialog('booking-unavailable'));
    }
    expect(booking({ toggles: [] })).toEqual(dialog('booking-unavailable'));
  });

  it('asks to register a pet when there is none, or none still the client’s', () => {
    expect(booking({ pets: [] })).toEqual(dialog('register-your-pet'));
    expect(booking({ pets: [pet({ status: 'Deceased' })] })).toEqual(dialog('register-your-pet'));
    expect(booking({ pets: [pet({ status: 'Rehomed' })] })).toEqual(dialog('register-your-pet'));
  });

  it('explains the initial consultation when the only pet awaits it', () => {
    expect(booking({ pets: [pet({ awaitingInitialConsultation: true })] })).toEqual(
      dialog('awaiting-initial-consultation'),
    );
    expect(
      booking({ pets: [pet({ awaitingInitialConsultation: true }), pet({ status: 'Deceased' })] }),
    ).toEqual(dialog('awaiting-initial-consultation'));
    expect(
      booking({ pets: [pet({ awaitingInitialConsultation: true }), pet({ status: 'Rehomed' })] }),
    ).toEqual(dialog('awaiting-initial-consultation'));
  });

  it('leaves the pet checks to the booking page when the pets could not be loaded', () => {
    expect(booking({ pets: null })).toEqual({ kind: 'navigate', href: '/appointments/book' });
  });
});

describe('petBookingOutcome', () => {
  const forPet = (
    overrides: Partial<Pet> = {},
    context: { allowed?: boolean; toggles?: FeatureToggle[] } = {},
  ) =>
    petBookingOutcome({ allowed: true, toggles: bothOn, ...context, pet: pet({ petId: 42, ...overrides }) });

  it('books the pet being viewed', () => {
    expect(forPet()).toEqual({ kind: 'navigate', href: '/appointments/book?petId=42' });
  });

  it('is unavailable when the client may not book, or the practice has booking off', () => {
    expect(forPet({}, { allowed: false })).toEqual(dialog('booking-unavailable'));
    expect(forPet({}, { toggles: [] })).toEqual(dialog('booking-unavailable'));
    expect(forPet({ awaitingInitialConsultation: true }, { allowed: false })).toEqual(
      dialog('booking-unavailable'),
    );
  });

  it('explains the initial consultation when the pet being viewed awaits it, other pets or not (R2.30)', () => {
    expect(forPet({ awaitingInitialConsultation: true })).toEqual(dialog('awaiting-initial-consultation'));
  });

  it('offers nothing for a deceased or rehomed pet', () => {
    expect(forPet({ status: 'Deceased' })).toBeUndefined();
    expect(forPet({ status: 'Rehomed' })).toBeUndefined();
  });
});

describe('registrationOutcome', () => {
  it('goes to the registration page when allowed and on', () => {
    expect(registrationOutcome({ allowed: true, toggles: bothOn })).toEqual({
      kind: 'navigate',
      href: '/pets/register',
    });
  });

  it("accepts 'True' or 'true' for 'online-register-pet-enabled'", () => {
    for (const value of ['True', 'true']) {
      const toggles = [{ featureKey: 'online-register-pet-enabled', value }];
      expect(registrationOutcome({ allowed: true, toggles }).kind).toBe('navigate');
    }
  });

  it('is unavailable when the client may not register, or the practice has it off', () => {
    expect(registrationOutcome({ allowed: false, toggles: bothOn })).toEqual(
      dialog('registration-unavailable'),
    );
    for (const toggles of [[], [{ featureKey: 'online-register-pet-enabled', value: 'False' }]]) {
      expect(registrationOutcome({ allowed: true, toggles })).toEqual(dialog('registration-unavailable'));
    }
  });
});
