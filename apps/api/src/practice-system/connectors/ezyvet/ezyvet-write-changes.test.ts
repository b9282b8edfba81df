import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portalEvent, startDemoSite, syncKind, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

const noAddress = { address_line1: null, address_line2: null, town: null, county: null, postcode: null };

/** The contact's active details by their type's name. */
function reachOf(site: DemoSite, contactId: number): Record<string, string> {
  const { db } = site.standIn;
  return Object.fromEntries(
    db.tables.contactdetail
      .filter((row) => row.contact_id === contactId && row.active)
      .map((row) => [db.find('contactdetailtype', row.contact_detail_type_id)!.name, row.value]),
  );
}

const addressOf = (site: DemoSite, contactId: number) => {
  const id = site.standIn.db.find('contact', contactId)?.address_physical;
  return id ? site.standIn.db.find('address', id) : undefined;
};

describe('writing a client’s and a pet’s changes into ezyVet', () => {
  it('creates a new client’s address once, linked to its contact, and reads it back', async () => {
    const { standIn, connection, clock } = site;
    const event = portalEvent('client.registered', {
      client_id: 5013,
      client_ref: null,
      practice_id: 1,
      practice_ref: 'PRAC-0001',
      salutation: null,
      first_name: 'Grace',
      last_name: 'Example',
      email: 'grace@example.org',
      mobile_phone: null,
      home_phone: null,
      address_line1: '2 Mill Lane',
      address_line2: null,
      town: 'Canterbury',
      county: 'Kent',
      postcode: 'CT1 2AA',
      contact_preferences: null,
    });
    // An earlier try created the address and lost the answer before linking it.
    standIn.db.insert('address', {
      name: 'PORTAL-C5013',
      street_1: '2 Mill Lane',
      street_2: '',
      city: '',
      region: '',
      post_code: '',
    });
    const result = await connection.write(event);
    expect(result).toMatchObject({ outcome: 'written' });
    const contactId = Number((result as { refs: { client_ref: string } }).refs.client_ref);
    expect(addressOf(site, contactId)).toMatchObject({
      name: 'PORTAL-C5013',
      street_1: '2 Mill Lane',
      street_2: '',
      city: 'Canterbury',
      region: 'Kent',
      post_code: 'CT1 2AA',
    });

    expect(await connection.write(event)).toEqual(result);
    expect(standIn.db.tables.address.filter((row) => row.name === 'PORTAL-C5013')).toHaveLength(1);

    clock.advance(1_000);
    const read = await syncKind(connection, 'clients', null);
    expect(read.records.find((record) => record.ref === String(contactId))?.body).toMatchObject({
      email: 'grace@example.org',
      address_line1: '2 Mill Lane',
      address_line2: null,
      town: 'Canterbury',
      county: 'Kent',
      postcode: 'CT1 2AA',
    });
  });

  it('writes a client’s changed names, e-mail, phones and address, and the same event again changes nothing', async () => {
    const { seed, standIn, connection, clock } = site;
    const contactId = seed.contacts.get('CLI-000001')!;
    const clients = await syncKind(connection, 'clients', null);
    clock.advance(60_000);
    const changed = portalEvent('client.details_changed', {
      client_id: 1,
      client_ref: String(contactId),
      changed: {
        last_name: 'Newname',
        email: 'new@example.org',
        mobile_phone: '+447700900777',
        home_phone: null,
        ...noAddress,
        address_line1: '9 Station Road',
        postcode: 'ME1 1AA',
      },
    });
    expect(await connection.write(changed)).toEqual({
      outcome: 'written',
      refs: { client_ref: String(contactId) },
    });
    expect(standIn.db.find('contact', contactId)).toMatchObject({ last_name: 'Newname' });
    expect(reachOf(site, contactId)).toEqual({ Email: 'new@example.org', Mobile: '+447700900777' });
    expect(addressOf(site, contactId)).toMatchObject({ street_1: '9 Station Road', post_code: 'ME1 1AA' });

    const records = {
      details: standIn.db.tables.contactdetail.length,
      addresses: standIn.db.tables.address.length,
    };
    expect(await connection.write(changed)).toMatchObject({ outcome: 'written' });
    expect(reachOf(site, contactId)).toEqual({ Email: 'new@example.org', Mobile: '+447700900777' });
    expect({
      details: standIn.db.tables.contactdetail.length,
      addresses: standIn.db.tables.address.length,
    }).toEqual(records);

    // A later change of the postcode alone changes the same address.
    const moved = portalEvent('client.details_changed', {
      client_id: 1,
      client_ref: String(contactId),
      changed: { postcode: 'ME1 2BB' },
    });
    expect(await connection.write(moved)).toMatchObject({ outcome: 'written' });
    expect(addressOf(site, contactId)).toMatchObject({ street_1: '9 Station Road', post_code: 'ME1 2BB' });
    expect(standIn.db.tables.address).toHaveLength(records.addresses);

    // The portal reads back what it wrote: the two stay in step.
    clock.advance(1_000);
    const next = await syncKind(connection, 'clients', clients.cursor);
    expect(next.records.find((record) => record.ref === String(contactId))?.body).toMatchObject({
      last_name: 'Newname',
      email: 'new@example.org',
      mobile_phone: '+447700900777',
      home_phone: null,
      address_line1: '9 Station Road',
      postcode: 'ME1 2BB',
    });
  });

  it('writes a pet’s changed details; an insurer alone has nothing to write', async () => {
    const { seed, standIn, connection } = site;
    const animalId = seed.animals.get('PET-000001')!;
    const pet = { pet_id: 1, pet_ref: String(animalId), client_id: 1, client_ref: null };
    const result = await connection.write(
      portalEvent('pet.details_changed', {
        ...pet,
        changed: { name: 'Rex II', neutered: true, microchip: null },
      }),
    );
    expect(result).toEqual({ outcome: 'written', refs: { pet_ref: String(animalId) } });
    expect(standIn.db.find('animal', animalId)).toMatchObject({
      name: 'Rex II',
      is_desexed: true,
      microchip_number: '',
    });
    expect(
      await connection.write(portalEvent('pet.details_changed', { ...pet, changed: { insurer: 'Petplan' } })),
    ).toEqual({ outcome: 'not-applicable' });
  });

  it('writes a death as is_dead, read back as Deceased; a rehoming makes the animal inactive, once', async () => {
    const { seed, standIn, connection, clock } = site;
    const pets = await syncKind(connection, 'pets', null);
    clock.advance(60_000);
    const dead = seed.animals.get('PET-000001')!;
    const rehomed = seed.animals.get('PET-000002')!;
    const recorded = { client_id: 1, client_ref: null, recorded_at: '2026-11-27T09:00:00.000Z' };
    const died = portalEvent('pet.died', {
      ...recorded,
      pet_id: 1,
      pet_ref: String(dead),
      status: 'Deceased',
    });
    const moved = portalEvent('pet.rehomed', {
      ...recorded,
      pet_id: 2,
      pet_ref: String(rehomed),
      status: 'Rehomed',
    });
    for (const event of [died, moved, died, moved])
      expect(await connection.write(event)).toMatchObject({ outcome: 'written' });
    expect(standIn.db.find('animal', dead)).toMatchObject({ is_dead: true, active: true });
    expect(standIn.db.find('animal', rehomed)).toMatchObject({ active: false });

    clock.advance(1_000);
    const next = await syncKind(connection, 'pets', pets.cursor);
    expect(next.records.find((record) => record.ref === String(dead))?.body).toMatchObject({
      status: 'Deceased',
    });
    expect(next.deleted).toEqual([String(rehomed)]);
  });

  it('refuses a change of a record ezyVet does not have', async () => {
    const { connection, standIn } = site;
    const noRef = portalEvent('client.details_changed', {
      client_id: 9,
      client_ref: null,
      changed: { last_name: 'X' },
    });
    expect(await connection.write(noRef)).toMatchObject({ outcome: 'refused', reason: 'invalid' });
    const gone = portalEvent('pet.died', {
      pet_id: 9,
      pet_ref: '999999',
      client_id: 9,
      client_ref: null,
      status: 'Deceased',
      recorded_at: '2026-11-27T09:00:00.000Z',
    });
    expect(await connection.write(gone)).toMatchObject({ outcome: 'refused', reason: 'invalid' });
    expect(standIn.count('PATCH /v1/animal/{id}')).toBe(1);
  });
});
