import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VendorUnavailable } from '../vendor-port.ts';
import { portalEvent, startDemoSite, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  // The contract: every request fitted the shapes ezyVet documents (testing/ezyvet-requests.ts).
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

/** A client's request for two medicines of a demo pet, as the portal's event carries it (decision 0111). */
function requested(site: DemoSite, requestId: number, petRef = site.seed.animals.get('PET-000001')!) {
  return portalEvent('prescription.requested', {
    request_id: requestId,
    practice_id: 1,
    practice_ref: site.seed.practiceRef,
    client_id: 1,
    client_ref: String(site.seed.contacts.get('CLI-000001')),
    pet_id: 1,
    pet_ref: String(petRef),
    supply: 'written',
    fee_pence: 3350,
    note: 'Going on holiday on the 10th',
    items: [
      {
        medication_id: 4410,
        medication_ref: 'MED-88120',
        medicine: 'Vetmedin 2.5 mg chewable tablets',
        strength: '2.5 mg',
        category: 'POM-V',
        quantity: 2,
        unit: 'packs of 50 tablets',
      },
      {
        medication_id: 4411,
        medication_ref: 'MED-88121',
        medicine: 'Frusemide 20 mg tablets',
        strength: null,
        category: 'POM-V',
        quantity: 1,
        unit: 'pack of 28 tablets',
      },
    ],
    // A moment before the stand-in's clock (09:00:01): the request is older than its write.
    requested_at: '2026-11-27T08:59:30.000Z',
  });
}

const communicationsOf = (site: DemoSite, requestId: number) =>
  site.standIn.db.tables.communication.filter((row) => row.subject.includes(`portal request ${requestId})`));

describe('writing a repeat prescription request into ezyVet', () => {
  it('puts it before the staff as a communication on the animal and its contact, and answers its id', async () => {
    const { connection, seed } = site;
    const result = await connection.write(requested(site, 311));
    const [communication] = communicationsOf(site, 311);
    expect(communication).toMatchObject({
      animal_id: seed.animals.get('PET-000001'),
      contact_id: seed.contacts.get('CLI-000001'),
      contact_detail_type_id: 8,
      format: 'PlainText',
      status: 'Done',
      subject: 'Repeat prescription request (portal request 311)',
    });
    expect(communication!.message.split('\n')).toEqual([
      'The client asked through the portal for repeats of these medicines (portal request 311):',
      '- Vetmedin 2.5 mg chewable tablets (2.5 mg), POM-V: 2 × packs of 50 tablets [MED-88120]',
      '- Frusemide 20 mg tablets, POM-V: 1 × pack of 28 tablets [MED-88121]',
      'A written prescription for a pharmacy; fee shown to the client £33.50.',
      "Client's note: Going on holiday on the 10th",
    ]);
    expect(result).toEqual({
      outcome: 'written',
      refs: { prescription_request_ref: String(communication!.id) },
    });
  });

  it('writes it once when the first answer is lost after ezyVet stored it', async () => {
    const { standIn, connection } = site;
    const event = requested(site, 312);
    const stored = standIn.hangNextWrite();
    const controller = new AbortController();
    const first = connection.write(event, controller.signal);
    await stored;
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(VendorUnavailable);

    const retry = await connection.write(event);
    const rows = communicationsOf(site, 312);
    expect(rows).toHaveLength(1);
    expect(retry).toEqual({ outcome: 'written', refs: { prescription_request_ref: String(rows[0]!.id) } });
    expect(standIn.count('POST /v1/communication')).toBe(1);
    // Another request of the same pet is its own communication.
    await connection.write(requested(site, 313));
    expect(standIn.count('POST /v1/communication')).toBe(2);
  });

  it('refuses one for an animal ezyVet no longer holds active, as invalid, naming no record', async () => {
    const { standIn, connection, seed } = site;
    const animalId = seed.animals.get('PET-000002')!;
    standIn.db.update('animal', animalId, { active: false });
    expect(await connection.write(requested(site, 314, animalId))).toEqual({
      outcome: 'refused',
      reason: 'invalid',
      message: 'ezyVet refused the communication (400 InvalidRequestException)',
    });
    expect(communicationsOf(site, 314)).toEqual([]);
  });
});
