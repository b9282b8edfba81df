import { practiceEvents } from '@vet/db/schema/practice-events';
import { auditLog } from '@vet/db/schema/system';
import { createClient, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { mergeRequest } from './testing/merge-request.ts';
import { TEST_MACHINE_CLIENT_ID } from '../../testing/test-identity-provider.ts';

/**
 * Security round four (decision 0140): a merge (decision 0113) leaves an audit row, who (the machine
 * client), what (which record into which) and when, in its own transaction; a client's merge its
 * `client.linked` event. A merge refused leaves neither.
 */
const database = useTestDatabase();
const { db } = database;
const app = useSignedInTestApp(database);
const { signedInClient } = app;
const unique = () => crypto.randomUUID().slice(0, 8);

const merge = mergeRequest(app);

const auditOf = (entityType: string, id: number) =>
  db
    .select({
      actor: auditLog.actor,
      action: auditLog.action,
      details: auditLog.details,
      occurredAt: auditLog.occurredAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))));

const linkedEvents = (clientId: number) =>
  db
    .select({ data: practiceEvents.data })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.type, 'client.linked'), eq(practiceEvents.recordId, clientId)));

/** The practice's own client of a fresh reference (imported: no online account), with a pet. */
async function practiceClient(practiceId: number) {
  const ref = `C-${unique()}`;
  const client = await createClient(db, { pmsRef: ref, homePracticeId: practiceId });
  const pet = await createPet(db, { clientId: client.id, pmsRef: `P-${unique()}` });
  return { client, pet, ref };
}

describe('a merge of client records', () => {
  it('leaves an audit row naming the machine client and the records, and a client.linked event', async () => {
    const { client: online } = await signedInClient();
    const duplicate = await practiceClient(online.homePracticeId);
    const before = new Date();
    expect((await merge('clients', online.id, duplicate.ref)).json()).toMatchObject({ outcome: 'merged' });

    const rows = await auditOf('client', online.id);
    expect(rows).toEqual([
      {
        actor: `machine:${TEST_MACHINE_CLIENT_ID}`,
        action: 'client.merged',
        details: { merged_id: duplicate.client.id, ref: duplicate.ref },
        occurredAt: expect.any(Date) as unknown,
      },
    ]);
    expect(rows[0]!.occurredAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await linkedEvents(online.id)).toEqual([
      { data: expect.objectContaining({ client_id: online.id, client_ref: duplicate.ref }) as unknown },
    ]);
  });

  it('refused (409 reference_taken) leaves no audit row and no event', async () => {
    const ref = `C-${unique()}`;
    await signedInClient({ pmsRef: ref });
    const { client } = await signedInClient();
    expect((await merge('clients', client.id, ref)).statusCode).toBe(409);
    expect(await auditOf('client', client.id)).toEqual([]);
    expect(await linkedEvents(client.id)).toEqual([]);
  });
});

describe('a merge of pet records', () => {
  it('leaves an audit row naming the machine client and the records', async () => {
    const { client } = await signedInClient();
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const duplicate = await practiceClient(client.homePracticeId);
    await merge('clients', client.id, duplicate.ref);
    const response = await merge('pets', onlinePet.id, duplicate.pet.pmsRef!);
    expect(response.json()).toMatchObject({ outcome: 'merged' });
    expect(await auditOf('pet', onlinePet.id)).toEqual([
      expect.objectContaining({
        actor: `machine:${TEST_MACHINE_CLIENT_ID}`,
        action: 'pet.merged',
        details: { merged_id: duplicate.pet.id, ref: duplicate.pet.pmsRef },
      }),
    ]);
  });

  it('refused (409 reference_taken: another client’s pet) leaves no audit row', async () => {
    const { client } = await signedInClient();
    const onlinePet = await createPet(db, { clientId: client.id, registeredOnline: true });
    const other = await practiceClient(client.homePracticeId);
    expect((await merge('pets', onlinePet.id, other.pet.pmsRef!)).statusCode).toBe(409);
    expect(await auditOf('pet', onlinePet.id)).toEqual([]);
  });
});
