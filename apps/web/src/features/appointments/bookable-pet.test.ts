import { featureKeys } from '@vet/contracts/practices';
import { describe, expect, it } from 'vitest';
import { visitCandidates, type BookablePet } from './bookable-pet';

const rules = { allowed: true, toggles: [{ featureKey: featureKeys.onlineBooking, value: 'True' }] };
const pet = (petId: number, speciesId: number, extra: Partial<BookablePet> = {}): BookablePet => ({
  petId,
  name: `Pet ${petId}`,
  speciesId,
  awaitingInitialConsultation: false,
  status: 'Active',
  ...extra,
});
const reason = (speciesIds: number[] = []) => ({
  appointmentReasonId: 1,
  name: 'Vaccination',
  durationMinutes: 15,
  clinicianType: 'Vet' as const,
  isInitialConsultation: false,
  speciesIds,
});

describe('visitCandidates (decision 0117)', () => {
  const dog = pet(1, 10);
  const otherDog = pet(2, 10);
  const cat = pet(3, 20);
  const deceased = pet(4, 10, { status: 'Deceased' });
  const newPet = pet(5, 10, { awaitingInitialConsultation: true });
  const pets = [dog, otherDog, cat, deceased, newPet];

  it('offers the other pets the reason allows, never the first', () => {
    expect(visitCandidates(pets, dog, reason(), rules).map((p) => p.petId)).toEqual([2, 3]);
    expect(visitCandidates(pets, dog, reason([10]), rules).map((p) => p.petId)).toEqual([2]);
  });

  it('offers none without a first pet, a reason, or online booking', () => {
    expect(visitCandidates(pets, undefined, reason(), rules)).toEqual([]);
    expect(visitCandidates(pets, dog, undefined, rules)).toEqual([]);
    expect(visitCandidates(pets, dog, reason(), { ...rules, allowed: false })).toEqual([]);
  });
});
