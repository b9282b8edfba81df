import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { feedEnd, untilSequenced } from './testing/feed-fixtures.ts';

/**
 * Decision 0105: a feed reader granted some practices reads only their events, and may keep only some
 * types; an unknown type is refused by name.
 */
const tag = randomUUID().slice(0, 8).toUpperCase();
const north = `PRAC-N-${tag}`;
const south = `PRAC-S-${tag}`;
const database = useTestDatabase();
const { db } = database;
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'feed-north', practices: [north], kinds: ['events'] },
      { client: 'feed-south', practices: [south], kinds: ['events'] },
    ]),
  },
});

const written = {} as Record<'northLinked' | 'southLinked' | 'northDeleted' | 'southAppointment', number>;
let after = '0';

beforeAll(async () => {
  after = await feedEnd(db);
  const northPractice = await createPractice(db, { pmsRef: north });
  const southPractice = await createPractice(db, { pmsRef: south });
  const northClient = await createClient(db, { homePracticeId: northPractice.id });
  const southClient = await createClient(db, { homePracticeId: southPractice.id });
  const linked = (client: typeof northClient) =>
    recordPracticeEvent(db, 'client.linked', {
      client_id: client.id,
      client_ref: null,
      practice_id: client.homePracticeId,
      practice_ref: null,
    });
  written.northLinked = await linked(northClient);
  written.southLinked = await linked(southClient);
  // No practice in its data: the client's home practice.
  written.northDeleted = await recordPracticeEvent(db, 'client.online_account_deleted', {
    client_id: northClient.id,
    client_ref: null,
    deleted_at: new Date().toISOString(),
  });
  // No practice in its data either: the appointment's (south), not its client's home (north).
  const pet = await createPet(db, { clientId: northClient.id });
  const clinician = await createClinician(db, { practiceId: southPractice.id });
  const reason = await createReason(db);
  const startsAt = new Date(Date.now() + 86_400_000);
  const appointment = await createAppointment(db, {
    practiceId: southPractice.id,
    clinicianId: clinician.id,
    clientId: northClient.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 900_000),
  });
  written.southAppointment = await recordPracticeEvent(db, 'appointment.cancelled', {
    appointment_id: appointment.id,
    appointment_ref: null,
    client_id: northClient.id,
    client_ref: null,
    pet_id: pet.id,
    pet_ref: null,
    cancelled_at: new Date().toISOString(),
  });
  await untilSequenced(db, Object.values(written));
});

async function readAs(clientId: string | undefined, query = '') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${integrationPathPrefix}/events?after=${after}&limit=1000${query}`,
    headers: { authorization: await machineAuthorization(clientId === undefined ? {} : { clientId }) },
  });
  return response;
}

/** The test's own events a reader gets, by their ids. */
async function idsFor(clientId: string | undefined, query = '') {
  const response = await readAs(clientId, query);
  expect(response.statusCode, response.body).toBe(200);
  const ours = new Set(Object.values(written).map((id) => `evt_${id}`));
  return response
    .json<{ events: { id: string }[] }>()
    .events.map((event) => event.id)
    .filter((id) => ours.has(id));
}
const evt = (id: number) => `evt_${id}`;

describe('GET /integration/v1/events for a client granted some practices', () => {
  it('lists only the events of its practices: by the data, the appointment or the client’s home', async () => {
    expect(await idsFor('feed-north')).toEqual([evt(written.northLinked), evt(written.northDeleted)]);
    expect(await idsFor('feed-south')).toEqual([evt(written.southLinked), evt(written.southAppointment)]);
  });

  it('lists every practice’s events for a client of INTEGRATION_CLIENT_IDS', async () => {
    expect(await idsFor(undefined)).toEqual(
      [written.northLinked, written.southLinked, written.northDeleted, written.southAppointment].map(evt),
    );
  });

  it('keeps only the types asked for', async () => {
    expect(await idsFor(undefined, '&types=client.linked')).toEqual(
      [written.northLinked, written.southLinked].map(evt),
    );
    expect(await idsFor('feed-north', '&types=client.online_account_deleted,appointment.cancelled')).toEqual([
      evt(written.northDeleted),
    ]);
  });

  it('refuses an unknown event type (400 invalid_request) naming it', async () => {
    const response = await readAs('feed-north', '&types=client.linked,appointment.bookd');

    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('invalid_request');
    expect(body.issues?.map((issue) => issue.path)).toEqual(['types']);
    expect(body.issues?.[0]?.message).toContain('appointment.bookd');
    expect(body.issues?.[0]?.message).not.toContain('client.linked');
  });

  it('names an unknown type by its place, not its text, when it has no event type’s form', async () => {
    const response = await readAs('feed-north', `&types=client.linked,${encodeURIComponent('<b>Hi</b>')}`);

    expect(response.statusCode).toBe(400);
    const [issue] = apiErrorSchema.parse(response.json()).issues ?? [];
    expect(issue?.message).toContain('number 2 of the list');
    expect(response.body).not.toContain('Hi');
  });
});
