import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPet } from './testing/builders.ts';
import {
  earliestDateOfBirth,
  earliestDateOfBirthOn,
  groupByStatus,
  isPetRegistrationOpen,
  petFieldMessages,
  petSchema,
  petSexes,
  petStatuses,
  recordedPetSexes,
  practiceToday,
  registerPetBodySchema,
  type RegisterPetValues,
} from './pets.ts';
import { featureKeys } from './practices.ts';

afterEach(() => {
  vi.useRealTimers();
});

const valid: RegisterPetValues = {
  name: 'Rolo',
  speciesId: 1,
  breedId: 2,
  colourId: 3,
  sex: 'Female',
  neutered: true,
  dateOfBirth: '2024-06-01',
  microchipNumber: '',
  insurerId: null,
  policyNumber: '',
};

/** The message of each field that fails, keyed by field. */
function messages(values: Partial<RegisterPetValues>): Record<string, string> {
  const result = registerPetBodySchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('registerPetBodySchema', () => {
  it('turns the form’s blanks into nulls and drops fields it does not know', () => {
    const parsed = registerPetBodySchema.parse({
      ...valid,
      name: '  Rolo  ',
      clientId: 99,
      status: 'Deceased',
      awaitingInitialConsultation: false,
    });
    expect(parsed).toStrictEqual({
      ...valid,
      name: 'Rolo',
      microchipNumber: null,
      policyNumber: null,
    });
  });

  it('names every field a blank form is missing, in plain words', () => {
    expect(
      messages({
        name: '',
        speciesId: null,
        breedId: null,
        colourId: null,
        sex: null,
        neutered: null,
        dateOfBirth: '',
      }),
    ).toEqual({
      name: petFieldMessages.nameRequired,
      speciesId: petFieldMessages.speciesRequired,
      sex: petFieldMessages.sexRequired,
      neutered: petFieldMessages.neuteredRequired,
      dateOfBirth: petFieldMessages.dateOfBirthRequired,
    });
  });

  it.each([
    ['941000024680135', null],
    ['941 000 024 680 135', null],
    ['941-000-024-680-135', null],
    ['94100002468013', petFieldMessages.microchipLength(14)],
    ['9410000246801351', petFieldMessages.microchipLength(16)],
    ['94100002468013O', petFieldMessages.microchipDigitsOnly],
  ])('checks the microchip number %j (ISO 11784: 15 digits)', (microchipNumber, message) => {
    expect(messages({ microchipNumber }).microchipNumber ?? null).toBe(message);
  });

  it('keeps a microchip number as digits only', () => {
    expect(
      registerPetBodySchema.parse({ ...valid, microchipNumber: '941 000 024 680 135' }).microchipNumber,
    ).toBe('941000024680135');
  });

  it('reads today on the UK calendar in winter and summer alike, one call after another', () => {
    // The formatter is kept between calls (practiceToday): it must not keep an offset too.
    expect(practiceToday(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(practiceToday(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    expect(practiceToday(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
    expect(practiceToday(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('accepts a date of birth from today back to 100 years ago, on the UK calendar', () => {
    // 23:30 on 31 May in UTC is already 1 June in London (BST): a pet born "today" in the UK is fine.
    vi.useFakeTimers({ now: new Date('2026-05-31T23:30:00Z') });
    expect(practiceToday(new Date())).toBe('2026-06-01');
    expect(messages({ dateOfBirth: '2026-06-01' })).toEqual({});
    expect(messages({ dateOfBirth: '2026-06-02' })).toEqual({
      dateOfBirth: petFieldMessages.dateOfBirthInFuture,
    });
    expect(earliestDateOfBirth(new Date())).toBe('1926-06-01');
    expect(earliestDateOfBirthOn('2026-06-01')).toBe('1926-06-01');
    expect(messages({ dateOfBirth: '1926-06-01' })).toEqual({});
    expect(messages({ dateOfBirth: '1926-05-31' })).toEqual({
      dateOfBirth: petFieldMessages.dateOfBirthTooOld,
    });
    expect(messages({ dateOfBirth: '2025-02-29' })).toEqual({
      dateOfBirth: petFieldMessages.dateOfBirthInvalid,
    });
    expect(messages({ dateOfBirth: '01/06/2020' })).toEqual({
      dateOfBirth: petFieldMessages.dateOfBirthInvalid,
    });
  });

  it('bounds the name and the policy number, and wants the insurer of a policy', () => {
    expect(messages({ name: 'x'.repeat(41) })).toEqual({ name: petFieldMessages.nameTooLong });
    expect(messages({ name: 'x'.repeat(40) })).toEqual({});
    expect(messages({ insurerId: 4, policyNumber: 'P'.repeat(31) })).toEqual({
      policyNumber: petFieldMessages.policyNumberTooLong,
    });
    expect(messages({ insurerId: 4, policyNumber: 'PP-2041/77.3 B' })).toEqual({});
    expect(messages({ insurerId: 4, policyNumber: 'PP;drop' })).toEqual({
      policyNumber: petFieldMessages.policyNumberCharacters,
    });
    expect(messages({ policyNumber: 'PP-1' })).toEqual({ insurerId: petFieldMessages.insurerForPolicy });
    // Said at once, while other fields are still missing.
    expect(messages({ policyNumber: 'PP-1', name: '' })).toEqual({
      name: petFieldMessages.nameRequired,
      insurerId: petFieldMessages.insurerForPolicy,
    });
    expect(messages({ insurerId: 4, policyNumber: '' })).toEqual({});
  });

  it('refuses ids that are not positive whole numbers within int4', () => {
    expect(messages({ speciesId: 0 })).toEqual({ speciesId: petFieldMessages.speciesRequired });
    expect(messages({ speciesId: 2_147_483_648 })).toEqual({ speciesId: petFieldMessages.speciesRequired });
    expect(Object.keys(messages({ breedId: -1 }))).toEqual(['breedId']);
    expect(Object.keys(messages({ insurerId: 1.5 }))).toEqual(['insurerId']);
  });
});

describe('isPetRegistrationOpen', () => {
  const toggles = (value: string) => [{ featureKey: featureKeys.onlinePetRegistration, value }];

  it('is open to an allowed client when the practice says True or true (R3.10)', () => {
    expect(isPetRegistrationOpen({ allowed: true, toggles: toggles('True') })).toBe(true);
    expect(isPetRegistrationOpen({ allowed: true, toggles: toggles('true') })).toBe(true);
  });

  it('is closed to a blocked client, and when the practice says anything else or nothing', () => {
    expect(isPetRegistrationOpen({ allowed: false, toggles: toggles('True') })).toBe(false);
    expect(isPetRegistrationOpen({ allowed: true, toggles: toggles('False') })).toBe(false);
    expect(isPetRegistrationOpen({ allowed: true, toggles: toggles('TRUE') })).toBe(false);
    expect(isPetRegistrationOpen({ allowed: true, toggles: [] })).toBe(false);
  });
});

describe('groupByStatus', () => {
  it('keeps the active, the rehomed and those that have died apart, each in the order given', () => {
    const [bramble, smudge, biscuit, pip, zorro] = [
      buildPet({ name: 'Bramble' }),
      buildPet({ name: 'Smudge', status: 'Deceased' }),
      buildPet({ name: 'Biscuit' }),
      buildPet({ name: 'Pip', status: 'Rehomed' }),
      buildPet({ name: 'Zorro', status: 'Deceased' }),
    ];
    expect(groupByStatus([bramble, smudge, biscuit, pip, zorro])).toEqual({
      active: [bramble, biscuit],
      rehomed: [pip],
      deceased: [smudge, zorro],
    });
    expect(groupByStatus([])).toEqual({ active: [], rehomed: [], deceased: [] });
  });
});

describe('a pet as the practice records it', () => {
  it('may be rehomed, and its sex may be unrecorded', () => {
    expect(petStatuses).toEqual(['Active', 'Deceased', 'Rehomed']);
    expect(recordedPetSexes).toEqual(['Male', 'Female', 'Unknown']);
    expect(buildPet({ status: 'Rehomed', sex: 'Unknown' })).toMatchObject({
      status: 'Rehomed',
      sex: 'Unknown',
    });
    expect(petSchema.safeParse({ ...buildPet(), status: 'Missing' }).success).toBe(false);
    expect(petSchema.safeParse({ ...buildPet(), sex: '' }).success).toBe(false);
  });

  it('is registered online as Male or Female only: Unknown is for the practice’s system', () => {
    expect(petSexes).toEqual(['Male', 'Female']);
    expect(messages({ sex: 'Unknown' as 'Male' })).toEqual({ sex: petFieldMessages.sexRequired });
  });
});
