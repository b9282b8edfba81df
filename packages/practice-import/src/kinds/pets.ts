import {
  earliestDateOfBirthOn,
  oldestPetAgeYears,
  petNameMaxLength,
  petStatuses,
  recordedPetSexes,
  registerPetBodySchema,
} from '@vet/contracts/pets';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { LookupLists, RecordKind } from './kind.ts';
import { listValueCell, lookupReasons, stagedListValue } from './lookup-cells.ts';

export const petReasons = {
  bornAfterToday: 'after today: a date of birth cannot be in the future',
  bornTooLongAgo: `more than ${oldestPetAgeYears} years ago: check the year`,
  insurerForPolicy: 'required when policy_number is given (the pet form asks the same)',
} as const;

/** The pet form's own field rules, so a microchip or policy the form refuses is refused here too. */
const petForm = registerPetBodySchema.shape;

/** A form field's rule on a cell: the form's value (normalised as the form does), or its message. */
function formCell(
  cells: RowCells,
  column: string,
  field: typeof petForm.microchipNumber | typeof petForm.policyNumber,
): string | null {
  const value = cells.cell(column);
  if (value === null) return null;
  const parsed = field.safeParse(value);
  if (parsed.success) return parsed.data;
  return cells.refuse(column, parsed.error.issues[0]?.message ?? 'refused by the pet form');
}

function dateOfBirthCell(cells: RowCells, today: string): string | null {
  const born = cells.date('date_of_birth');
  if (born === null) return null;
  if (born > today) return cells.refuse('date_of_birth', petReasons.bornAfterToday);
  if (born < earliestDateOfBirthOn(today)) return cells.refuse('date_of_birth', petReasons.bornTooLongAgo);
  return born;
}

const unrecordedSex: (typeof recordedPetSexes)[number] = 'Unknown';

/**
 * The pet's species (decision 0131): a species the list lacks is kept as the practice system wrote it, and
 * the pet is stored as Other meanwhile (a pet of an unknown species is still a pet with appointments).
 */
function speciesCell(cells: RowCells, lookups: LookupLists) {
  const value = listValueCell(cells, 'species', lookups.species, required);
  if (value.text === null) return value;
  const other = lookups.species.find('Other');
  if (other === undefined) {
    cells.refuse('species', lookupReasons.unknown('species', lookups.species.nearest(value.text)));
    return { ...value, text: null, key: null };
  }
  return { ...value, id: other };
}

/** Breed and colour are matched within the pet's species (as stored: Other for one the list lacks). */
function breedAndColour(cells: RowCells, lookups: LookupLists, speciesId: number | null) {
  const within = speciesId ?? Number.NaN;
  const breed = listValueCell(cells, 'breed', lookups.breeds.get(within), {}, { crosses: true });
  return {
    ...stagedListValue('breed', breed),
    breed_cross: breed.cross,
    ...stagedListValue('colour', listValueCell(cells, 'colour', lookups.colours.get(within))),
  };
}

/**
 * pets.csv. A pet's status and sex are the portal's lists (the contracts'); a colour is one of its
 * species' colours, whatever its breed (the practice's system records the pet as it is; the form's
 * narrowing of colours by breed is a help for typing, not a rule of the data).
 */
export const pets: RecordKind = {
  file: 'pets.csv',
  columns: columnsOf({
    pet_ref: true,
    client_ref: true,
    name: true,
    species: true,
    breed: false,
    colour: false,
    sex: false,
    neutered: false,
    date_of_birth: false,
    microchip: false,
    insurer: false,
    policy_number: false,
    status: false,
    awaiting_initial_consultation: false,
  }),
  refColumn: 'pet_ref',
  references: [{ column: 'client_ref', file: 'clients.csv' }],
  staged: {
    pet_ref: 'text',
    client_ref: 'text',
    name: 'text',
    species_id: 'integer',
    species_text: 'text',
    species_key: 'text',
    species_code: 'text',
    breed_id: 'integer',
    breed_text: 'text',
    breed_key: 'text',
    breed_code: 'text',
    breed_cross: 'boolean',
    colour_id: 'integer',
    colour_text: 'text',
    colour_key: 'text',
    colour_code: 'text',
    sex: 'text',
    neutered: 'boolean',
    date_of_birth: 'date',
    microchip: 'text',
    insurer_id: 'integer',
    insurer_text: 'text',
    insurer_key: 'text',
    insurer_code: 'text',
    policy_number: 'text',
    status: 'text',
    awaiting_initial_consultation: 'boolean',
  },
  parse(row, { lookups, today }) {
    const cells = new RowCells(row);
    const identity = {
      pet_ref: cells.text('pet_ref', required),
      client_ref: cells.text('client_ref', required),
      name: cells.text('name', { required: true, maxLength: petNameMaxLength }),
    };
    const species = speciesCell(cells, lookups);
    const record = {
      ...identity,
      ...stagedListValue('species', species),
      ...breedAndColour(cells, lookups, species.id),
      // The practice's system may have no sex for a pet: the portal records that as Unknown.
      sex: cells.cell('sex') === null ? unrecordedSex : cells.oneOf('sex', recordedPetSexes),
      neutered: cells.boolean('neutered', false),
      date_of_birth: dateOfBirthCell(cells, today),
      microchip: formCell(cells, 'microchip', petForm.microchipNumber),
      ...stagedListValue('insurer', listValueCell(cells, 'insurer', lookups.insurers)),
      policy_number: formCell(cells, 'policy_number', petForm.policyNumber),
      status: cells.oneOf('status', petStatuses),
      awaiting_initial_consultation: cells.boolean('awaiting_initial_consultation', false),
    };
    if (record.policy_number !== null && cells.cell('insurer') === null) {
      cells.refuse('insurer', petReasons.insurerForPolicy);
    }
    return cells.result(record);
  },
};
