import { pets } from '@vet/db/schema/clients';
import { literal } from '../cross-row-rules.ts';
import type { Session } from '../session.ts';
import { listValueColumns, listValueJoins, stagedValues, storeListValues } from './list-values.ts';
import { upsertCount } from './upsert.ts';

/** A pet's status when the file leaves it empty: the schema's default. */
const petStatusDefault: string = pets.status.default as (typeof pets.$inferSelect)['status'];

const touched = [{ name: 'updated_at', value: 'now()' }];
const same = (name: string) => ({ name, value: `s.${name}` });

const [clientValues, petValues] = stagedValues.map(({ values }) => values) as [
  (typeof stagedValues)[number]['values'],
  (typeof stagedValues)[number]['values'],
];

export async function applyClients(session: Session) {
  await storeListValues(session, 'stage_clients', clientValues);
  return upsertCount(session, {
    table: 'clients',
    from: `stage_clients s join practices p on p.pms_ref = s.practice_ref ${listValueJoins(clientValues)}`,
    ref: 'client_ref',
    columns: [
      { name: 'home_practice_id', value: 'p.id' },
      ...clientValues.flatMap(listValueColumns),
      ...['first_name', 'last_name', 'email', 'mobile_phone', 'home_phone'].map(same),
      ...['address_line1', 'address_line2', 'town', 'county', 'postcode'].map(same),
      ...['last_name_key', 'postcode_key', 'email_key', 'online_booking_allowed'].map(same),
    ],
    onUpdate: touched,
    fingerprinted: true,
  });
}

/**
 * Pets. "Awaiting initial consultation" only ends through the import (a false in the file, or a Completed
 * initial consultation among the appointments): a stale true never starts it again, so the appointment
 * that ended it and the file that still says true agree on every later run.
 */
export async function applyPets(session: Session) {
  await storeListValues(session, 'stage_pets', petValues);
  return upsertCount(session, {
    table: 'pets',
    from: `stage_pets s join clients c on c.pms_ref = s.client_ref ${listValueJoins(petValues)}`,
    ref: 'pet_ref',
    columns: [
      { name: 'client_id', value: 'c.id' },
      { name: 'name', value: 's.name' },
      ...petValues.flatMap(listValueColumns),
      { name: 'breed_cross', value: 's.breed_cross' },
      { name: 'sex', value: 's.sex::pet_sex' },
      ...['neutered', 'date_of_birth'].map(same),
      { name: 'microchip_number', value: 's.microchip' },
      { name: 'policy_number', value: 's.policy_number' },
      { name: 'status', value: `coalesce(s.status, ${literal(petStatusDefault)})::pet_status` },
      {
        name: 'awaiting_initial_consultation',
        value: 's.awaiting_initial_consultation',
        merge: (stored, incoming) => `(${stored} and ${incoming})`,
      },
    ],
    onUpdate: touched,
    fingerprinted: true,
  });
}

export const applyVaccinations = (session: Session) =>
  upsertCount(session, {
    table: 'vaccinations',
    from: 'stage_vaccinations s join pets p on p.pms_ref = s.pet_ref',
    ref: 'vaccination_ref',
    columns: [{ name: 'pet_id', value: 'p.id' }, ...['vaccine', 'given_on', 'due_on'].map(same)],
    onUpdate: touched,
    fingerprinted: true,
  });
