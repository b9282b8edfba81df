import { paymentEventExamples } from '@vet/contracts/payment-event-examples';
import type { PracticeEventData, PracticeEventType } from '@vet/contracts/practice-events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OutboundEvent, VendorUnavailable } from '../vendor-port.ts';
import { type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

const anId = expect.stringMatching(/^\d+$/) as unknown;
let nextEvent = 1;
const event = <T extends PracticeEventType>(type: T, data: PracticeEventData<T>): OutboundEvent<T> => ({
  id: `evt_${nextEvent++}`,
  type,
  timestamp: '2026-11-23T08:00:00.000Z',
  data,
});

describe('Provet Cloud: registrations', () => {
  const registration = () =>
    event('client.registered', {
      client_id: 5012,
      client_ref: null,
      practice_id: 1,
      practice_ref: 'PRAC-0001',
      salutation: 'Ms',
      first_name: 'Ada',
      last_name: 'Example',
      email: 'ada@example.org',
      mobile_phone: '+447700900123',
      home_phone: null,
      address_line1: '1 Example Street',
      address_line2: null,
      town: 'Canterbury',
      county: 'Kent',
      postcode: 'CT1 1AA',
      contact_preferences: null,
    });

  it('creates a client with its phone number, and a pet with its species code, each once', async () => {
    const connection = kit.connect();
    const client = await connection.write(registration());
    expect(client).toEqual({ outcome: 'written', refs: { client_ref: anId } });
    expect(await connection.write(registration())).toEqual(client);
    const clientRef = (client as { refs: { client_ref: string } }).refs.client_ref;
    expect(
      kit.standIn.store.present('client', kit.standIn.store.get('client', Number(clientRef))!),
    ).toMatchObject({
      firstname: 'Ada',
      lastname: 'Example',
      zip_code: 'CT1 1AA',
      country: 'GB',
      phone_numbers: [expect.objectContaining({ phone_number: '+447700900123', type_code: 1 })],
    });
    expect(kit.standIn.control.requestsTo('POST client/')).toBe(1);
    expect(kit.standIn.control.requestsTo('POST phonenumber/')).toBe(1);

    const pet = event('pet.registered', {
      pet_id: 90211,
      pet_ref: null,
      client_id: 5012,
      client_ref: clientRef,
      name: 'Biscuit',
      species: 'Dog',
      breed: 'Labrador Retriever',
      colour: 'Yellow',
      sex: 'Female',
      neutered: true,
      date_of_birth: '2023-04-18',
      microchip: '985112345678901',
      insurer: null,
      policy_number: null,
      awaiting_initial_consultation: true,
    });
    const written = await connection.write(pet);
    expect(written).toEqual({ outcome: 'written', refs: { pet_ref: anId } });
    expect(await connection.write(pet)).toEqual(written);
    const petRef = (written as { refs: { pet_ref: string } }).refs.pet_ref;
    expect(kit.standIn.store.get('patient', Number(petRef))).toMatchObject({
      name: 'Biscuit',
      species: 'Dog (Canine - Domestic)',
      gender: 'Female',
    });
    expect(kit.standIn.control.requestsTo('POST patient/')).toBe(1);
  });

  it('creates the client once when the first answer times out after the system stored it', async () => {
    const connection = kit.connect({ requestTimeoutMs: 200 });
    const hung = kit.standIn.control.hangNextWrite();
    const lost = connection.write(registration());
    await hung;
    await expect(lost).rejects.toBeInstanceOf(VendorUnavailable);
    const retried = await connection.write(registration());
    expect(retried).toEqual({ outcome: 'written', refs: { client_ref: anId } });
    expect(kit.standIn.control.requestsTo('POST client/')).toBe(1);
    // The phone number, never sent the first time, is added by the retry.
    expect(kit.standIn.control.requestsTo('POST phonenumber/')).toBe(1);
  });

  it('refuses a pet whose species has no configured code, and waits for a client not yet written', async () => {
    const connection = kit.connect();
    const base = {
      pet_id: 90212,
      pet_ref: null,
      client_id: 5012,
      name: 'Spike',
      species: 'Tortoise',
      breed: null,
      colour: null,
      sex: 'Male',
      neutered: false,
      date_of_birth: null,
      microchip: null,
      insurer: null,
      policy_number: null,
      awaiting_initial_consultation: true,
    };
    expect(
      await connection.write(
        event('pet.registered', { ...base, client_ref: String(kit.ids.clients.get('CLI-000001')) }),
      ),
    ).toMatchObject({ outcome: 'refused', reason: 'invalid' });
    await expect(
      connection.write(event('pet.registered', { ...base, client_ref: null })),
    ).rejects.toBeInstanceOf(VendorUnavailable);
  });

  it('writes a client’s changed details, each phone in its own record, and the next read shows them', async () => {
    const second = String(kit.ids.departments.get('PRAC-0002'));
    const connection = kit.connect({ practiceRefsByDepartment: { [second]: 'PRAC-0002' } });
    const clientId = kit.ids.clients.get('CLI-000001')!;
    kit.standIn.store.insert('phonenumber', {
      client: kit.standIn.store.url('client', clientId),
      type_code: 2,
      phone_number: '+442079460999',
      description: null,
    });
    const change = event('client.details_changed', {
      client_id: 877,
      client_ref: String(clientId),
      changed: {
        mobile_phone: '+447700900456',
        home_phone: null,
        postcode: 'CT2 7NZ',
        town: 'Canterbury',
        practice_id: 2,
        practice_ref: 'PRAC-0002',
      },
    });
    expect(await connection.write(change)).toEqual({
      outcome: 'written',
      refs: { client_ref: String(clientId) },
    });
    expect(await connection.write(change)).toEqual({
      outcome: 'written',
      refs: { client_ref: String(clientId) },
    });
    expect(kit.standIn.control.requestsTo('PATCH phonenumber/{id}/')).toBe(1);
    expect(kit.standIn.control.requestsTo('DELETE phonenumber/{id}/')).toBe(1);
    expect(kit.standIn.control.requestsTo('POST phonenumber/')).toBe(0);

    const { records } = await readAll(connection, 'clients');
    expect(records.find((r) => r.ref === String(clientId))?.body).toMatchObject({
      practice_ref: 'PRAC-0002',
      mobile_phone: '+447700900456',
      home_phone: null,
      postcode: 'CT2 7NZ',
      town: 'Canterbury',
      first_name: 'Olivia',
    });
  });

  it('has nothing to write for a contact preference', async () => {
    const result = await kit.connect().write(
      event('client.linked', {
        client_id: 877,
        client_ref: '1',
        practice_id: 1,
        practice_ref: 'PRAC-0001',
      }),
    );
    expect(result).toEqual({ outcome: 'not-applicable' });
  });

  it('writes nothing for a repeat prescription request: Provet documents no place for one (0121)', async () => {
    const before = [...kit.standIn.control.requests.values()].reduce((sum, n) => sum + n, 0);
    const result = await kit.connect().write(
      event('prescription.requested', {
        request_id: 311,
        practice_id: 1,
        practice_ref: 'PRAC-0001',
        client_id: 877,
        client_ref: '1',
        pet_id: 90230,
        pet_ref: '2',
        supply: 'collect',
        fee_pence: 0,
        note: null,
        items: [],
        requested_at: '2026-11-27T10:05:12.301Z',
      }),
    );
    expect(result).toEqual({ outcome: 'not-applicable' });
    expect([...kit.standIn.control.requests.values()].reduce((sum, n) => sum + n, 0)).toBe(before);
  });

  // Provet Pay's transactions are Provet's own (howto_provet_pay.html); another provider's are not documented.
  it.each(Object.values(paymentEventExamples))(
    'writes nothing for $type: no recording of another provider’s payment is documented (0157, 0158)',
    async (example) => {
      const requests = () => [...kit.standIn.control.requests.values()].reduce((sum, n) => sum + n, 0);
      const before = requests();
      expect(await kit.connect().write(example)).toEqual({ outcome: 'not-applicable' });
      expect(requests()).toBe(before);
    },
  );
});
