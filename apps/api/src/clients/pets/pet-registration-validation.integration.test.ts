import { apiErrorSchema } from '@vet/contracts/errors';
import { petFieldMessages, practiceToday, type RegisterPetValues } from '@vet/contracts/pets';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import {
  clientOfPractice,
  registrationLookups,
  validRegistration,
  type RegistrationLookups,
} from './testing/pet-registration-fixtures.ts';

const database = useTestDatabase();
const db = database.db;
const { context, signedInClient } = useSignedInTestApp(database);

const DAY_MS = 86_400_000;

const register = (authorization: string, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/v2/pets',
    headers: { authorization },
    payload: payload as object,
  });

describe('POST /v2/pets refuses what the contract or the database rules out', () => {
  const farFuture = () => practiceToday(new Date(Date.now() + 2 * DAY_MS));
  it.each<[string, (c: RegistrationLookups) => Partial<RegisterPetValues>, string, string]>([
    [
      'a breed of another species',
      (c) => ({ breedId: c.siamese.id, colourId: null }),
      'breedId',
      petFieldMessages.breedOfOtherSpecies,
    ],
    [
      'a colour of another breed',
      (c) => ({ colourId: c.fawn.id }),
      'colourId',
      petFieldMessages.colourOfOtherBreed,
    ],
    [
      'no breed where the species has breeds',
      () => ({ breedId: null, colourId: null }),
      'breedId',
      petFieldMessages.breedRequired,
    ],
    [
      'no colour where the breed has colours',
      () => ({ colourId: null }),
      'colourId',
      petFieldMessages.colourRequired,
    ],
    [
      'a colour without a breed',
      (c) => ({ speciesId: c.fish.id, breedId: null }),
      'colourId',
      petFieldMessages.colourWithoutBreed,
    ],
    [
      'an unknown insurer',
      () => ({ insurerId: 2_147_483_647 }),
      'insurerId',
      petFieldMessages.insurerUnknown,
    ],
    [
      'an unknown species',
      () => ({ speciesId: 2_147_483_647 }),
      'speciesId',
      petFieldMessages.speciesUnknown,
    ],
    [
      'a date of birth in the future',
      () => ({ dateOfBirth: farFuture() }),
      'dateOfBirth',
      petFieldMessages.dateOfBirthInFuture,
    ],
    [
      'a date of birth a century and more ago',
      () => ({ dateOfBirth: '1900-01-01' }),
      'dateOfBirth',
      petFieldMessages.dateOfBirthTooOld,
    ],
    [
      'a date that does not exist',
      () => ({ dateOfBirth: '2023-02-29' }),
      'dateOfBirth',
      petFieldMessages.dateOfBirthInvalid,
    ],
    [
      'a microchip number of 14 digits',
      () => ({ microchipNumber: '94100002468013' }),
      'microchipNumber',
      petFieldMessages.microchipLength(14),
    ],
    [
      'a microchip number with letters',
      () => ({ microchipNumber: '94100002468013X' }),
      'microchipNumber',
      petFieldMessages.microchipDigitsOnly,
    ],
    [
      'a policy number without its insurer',
      () => ({ insurerId: null }),
      'insurerId',
      petFieldMessages.insurerForPolicy,
    ],
    [
      'a policy number with odd characters',
      () => ({ policyNumber: 'PP<script>' }),
      'policyNumber',
      petFieldMessages.policyNumberCharacters,
    ],
    ['a blank name', () => ({ name: '   ' }), 'name', petFieldMessages.nameRequired],
    ['a name too long', () => ({ name: 'R'.repeat(41) }), 'name', petFieldMessages.nameTooLong],
    ['no species', () => ({ speciesId: null }), 'speciesId', petFieldMessages.speciesRequired],
    [
      'a sex outside Male and Female',
      () => ({ sex: 'Unknown' as 'Male' }),
      'sex',
      petFieldMessages.sexRequired,
    ],
    ['no word on neutering', () => ({ neutered: null }), 'neutered', petFieldMessages.neuteredRequired],
  ])('answers 400 naming the field for %s', async (_what, change, path, message) => {
    const choices = await registrationLookups(db);
    const { authorization } = await clientOfPractice(db, signedInClient);

    const response = await register(authorization, { ...validRegistration(choices), ...change(choices) });

    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.strict().parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.issues).toEqual([{ path, message }]);
    const list = await context.app.inject({ url: '/v2/pets', headers: { authorization } });
    expect(list.json()).toEqual([]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { authorization } = await clientOfPractice(db, signedInClient);
    const response = await context.app.inject({
      method: 'POST',
      url: '/v2/pets',
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).statusCode).toBe(400);
  });
});
