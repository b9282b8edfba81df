import { petFieldMessages } from '@vet/contracts/pets';
import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { petReasons, pets } from './pets.ts';
import { accepted, idOf, refused, today } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['pets.csv'];

describe('pets.csv', () => {
  it('stages a pet with its lists’ names as ids and its microchip as the form stores it', () => {
    expect(accepted(pets, valid)).toEqual({
      pet_ref: 'A1',
      client_ref: 'K1',
      name: 'Biscuit',
      species_id: idOf('species', 'Dog'),
      species_text: null,
      species_key: null,
      species_code: null,
      breed_id: idOf('breeds', 'Labrador Retriever', 'Dog'),
      breed_text: null,
      breed_key: null,
      breed_code: null,
      breed_cross: false,
      colour_id: idOf('colours', 'Yellow', 'Dog'),
      colour_text: null,
      colour_key: null,
      colour_code: null,
      sex: 'Female',
      neutered: true,
      date_of_birth: '2020-05-17',
      microchip: '941000001234567',
      insurer_id: idOf('insurers', 'Petplan'),
      insurer_text: null,
      insurer_key: null,
      insurer_code: null,
      policy_number: 'PP-123/45',
      status: 'Active',
      awaiting_initial_consultation: false,
    });
  });

  it('needs only its reference, client, name and species; booleans default to false', () => {
    const record = accepted(pets, {
      pet_ref: 'A2',
      client_ref: 'K1',
      name: 'Tom',
      species: 'cat',
    });
    expect(record).toMatchObject({
      species_id: idOf('species', 'Cat'),
      sex: 'Unknown',
      breed_id: null,
      colour_id: null,
      neutered: false,
      date_of_birth: null,
      microchip: null,
      insurer_id: null,
      policy_number: null,
      status: null,
      awaiting_initial_consultation: false,
    });
  });

  it('takes a sex in any case, and an empty or Unknown one as not recorded (the portal shows so)', () => {
    expect(accepted(pets, { ...valid, sex: 'male' }).sex).toBe('Male');
    expect(accepted(pets, { ...valid, sex: '' }).sex).toBe('Unknown');
    expect(accepted(pets, { ...valid, sex: '  ' }).sex).toBe('Unknown');
    expect(accepted(pets, { ...valid, sex: 'unknown' }).sex).toBe('Unknown');
  });

  it('takes a pet the practice recorded as rehomed, in any case', () => {
    expect(accepted(pets, { ...valid, status: 'Rehomed' }).status).toBe('Rehomed');
    expect(accepted(pets, { ...valid, status: 'rehomed' }).status).toBe('Rehomed');
    expect(accepted(pets, { ...valid, status: 'DECEASED' }).status).toBe('Deceased');
  });

  it('keeps a species the portal lacks as written, and stores the pet as Other meanwhile', () => {
    expect(accepted(pets, { ...valid, species: 'Tortoise', breed: 'Hermann’s', colour: '' })).toMatchObject({
      species_id: idOf('species', 'Other'),
      species_text: 'Tortoise',
      species_key: 'tortoise',
      breed_id: null,
      breed_text: 'Hermann’s',
    });
  });

  it('keeps a breed or colour not of the pet’s species as the practice system wrote it', () => {
    expect(accepted(pets, { ...valid, breed: 'Labrador Retreiver', colour: 'Yelow' })).toMatchObject({
      breed_id: null,
      breed_text: 'Labrador Retreiver',
      breed_key: 'labradorretreiver',
      colour_id: null,
      colour_text: 'Yelow',
      colour_key: 'yelow',
    });
    // A cat's breed on a dog.
    expect(accepted(pets, { ...valid, breed: 'Maine Coon', colour: '' })).toMatchObject({
      breed_id: null,
      breed_text: 'Maine Coon',
    });
  });

  it('takes a cross of a breed as that breed, a cross; a colour is never one', () => {
    const labrador = idOf('breeds', 'Labrador Retriever', 'Dog');
    for (const breed of ['Labrador X', 'labrador x', 'Labrador cross', 'Labrador Retriever Crossbreed'])
      expect(accepted(pets, { ...valid, breed, colour: '' }), breed).toMatchObject({
        breed_id: labrador,
        breed_cross: true,
        breed_text: null,
      });
    expect(accepted(pets, { ...valid, colour: 'Yellow X' })).toMatchObject({
      colour_id: null,
      colour_text: 'Yellow X',
    });
  });

  it('takes a label of only spaces or punctuation as blank, and refuses a label too long to be one', () => {
    expect(accepted(pets, { ...valid, breed: ' -- ', colour: '.' })).toMatchObject({
      breed_id: null,
      breed_text: null,
      colour_id: null,
      colour_text: null,
    });
    expect(refused(pets, { ...valid, breed: 'x'.repeat(10_000) })).toEqual([
      { column: 'breed', reason: "longer than 200 characters: not a list's value" },
    ]);
    expect(refused(pets, { ...valid, species: '?!' })).toEqual([
      { column: 'species', reason: 'required, but only spaces or punctuation' },
    ]);
  });

  it('matches a name as a practice system writes it: a synonym, a code, any case, spacing or punctuation', () => {
    const gsd = idOf('breeds', 'German Shepherd Dog', 'Dog');
    for (const breed of ['Alsatian', 'german-shepherd  DOG', 'GSD', 'VeNom:14796', 'VBO:0200577'])
      expect(accepted(pets, { ...valid, breed, colour: '' }).breed_id, breed).toBe(gsd);
    // The specification's species codes: Canine is simply a dog, Feline a cat.
    expect(accepted(pets, { ...valid, species: 'Canine' }).species_id).toBe(idOf('species', 'Dog'));
    expect(accepted(pets, { ...valid, species: 'FELINE', breed: '', colour: '' }).species_id).toBe(
      idOf('species', 'Cat'),
    );
    expect(accepted(pets, { ...valid, insurer: 'Bought By Many' }).insurer_id).toBe(
      idOf('insurers', 'ManyPets'),
    );
    expect(accepted(pets, { ...valid, colour: 'black & white', breed: '' }).colour_id).toBe(
      idOf('colours', 'Black and White', 'Dog'),
    );
  });

  it('keeps an insurer the list lacks, and refuses a policy number without its insurer', () => {
    expect(accepted(pets, { ...valid, insurer: 'PetPlan Ltd' })).toMatchObject({
      insurer_id: null,
      insurer_text: 'PetPlan Ltd',
    });
    expect(refused(pets, { ...valid, insurer: '' })).toEqual([
      { column: 'insurer', reason: petReasons.insurerForPolicy },
    ]);
  });

  it('refuses a sex outside the portal’s list', () => {
    expect(refused(pets, { ...valid, sex: 'Neutered male' })).toEqual([
      { column: 'sex', reason: 'not one of Male, Female, Unknown' },
    ]);
  });

  it('refuses a date of birth after today or more than a century ago; today is fine', () => {
    expect(accepted(pets, { ...valid, date_of_birth: today }).date_of_birth).toBe(today);
    expect(refused(pets, { ...valid, date_of_birth: '2026-11-27' })).toEqual([
      { column: 'date_of_birth', reason: petReasons.bornAfterToday },
    ]);
    expect(accepted(pets, { ...valid, date_of_birth: '1926-11-26' }).date_of_birth).toBe('1926-11-26');
    expect(refused(pets, { ...valid, date_of_birth: '1926-11-25' })).toEqual([
      { column: 'date_of_birth', reason: petReasons.bornTooLongAgo },
    ]);
    expect(refused(pets, { ...valid, date_of_birth: '17/05/2020' })).toEqual([
      { column: 'date_of_birth', reason: reasons.date },
    ]);
  });

  it('refuses a microchip, policy number or name the pet form would refuse, in its words', () => {
    expect(refused(pets, { ...valid, microchip: '94100000123456' })).toEqual([
      { column: 'microchip', reason: petFieldMessages.microchipLength(14) },
    ]);
    expect(refused(pets, { ...valid, microchip: '94100000123456A' })).toEqual([
      { column: 'microchip', reason: petFieldMessages.microchipDigitsOnly },
    ]);
    expect(refused(pets, { ...valid, policy_number: 'PP#1' })).toEqual([
      { column: 'policy_number', reason: petFieldMessages.policyNumberCharacters },
    ]);
    expect(refused(pets, { ...valid, name: 'B'.repeat(41) })).toEqual([
      { column: 'name', reason: 'longer than 40 characters' },
    ]);
  });

  it('refuses a status outside the portal’s list and booleans not true or false', () => {
    expect(refused(pets, { ...valid, status: 'Missing', neutered: 'N' })).toEqual([
      { column: 'neutered', reason: 'not true or false (empty means false)' },
      { column: 'status', reason: 'not one of Active, Deceased, Rehomed' },
    ]);
  });
});
