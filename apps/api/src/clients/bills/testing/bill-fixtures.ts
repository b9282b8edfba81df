import type { Database } from '@vet/db/connection';
import { createEstimate, createInvoice, type TestLine } from '@vet/db/testing/bill-factories';
import { createClinician, createPet, createPractice } from '@vet/db/testing/factories';
import type { createClient } from '@vet/db/testing/factories';

type SignedInClient = (
  overrides?: Parameters<typeof createClient>[1],
) => Promise<{ client: Awaited<ReturnType<typeof createClient>>; authorization: string }>;

/**
 * A practice with its VAT number and owner, a clinician, and a signed-in client with two pets: what a
 * bill names. `estimate` and `invoice` write the client's records as the practice system would.
 */
export async function billScene(db: Database, signedInClient: SignedInClient) {
  const practice = await createPractice(db, {
    name: 'Harbour Vets Clapham',
    addressLine1: '1 High Street',
    town: 'London',
    postcode: 'SW4 7AA',
    phone: '020 7946 0000',
    vatNumber: 'GB123456789',
    ownerName: 'Harbour Vets Group Ltd',
  });
  const clinician = await createClinician(db, {
    practiceId: practice.id,
    firstName: 'Sam',
    lastName: 'Okafor',
  });
  const { client, authorization } = await signedInClient({
    homePracticeId: practice.id,
    firstName: 'Olivia',
  });
  const rex = await createPet(db, { clientId: client.id, name: 'Rex' });
  const bella = await createPet(db, { clientId: client.id, name: 'Bella' });
  const owned = { practiceId: practice.id, clientId: client.id, clinicianId: clinician.id };
  return {
    practice,
    clinician,
    client,
    authorization,
    rex,
    bella,
    estimate: (values: Partial<Parameters<typeof createEstimate>[1]>, lines: readonly TestLine[]) =>
      createEstimate(db, { ...owned, ...values }, lines),
    invoice: (values: Partial<Parameters<typeof createInvoice>[1]>, lines: readonly TestLine[]) =>
      createInvoice(db, { ...owned, ...values }, lines),
  };
}
export type BillScene = Awaited<ReturnType<typeof billScene>>;
