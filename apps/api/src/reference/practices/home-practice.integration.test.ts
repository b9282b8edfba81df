import { apiErrorSchema } from '@vet/contracts/errors';
import { homePracticeSchema } from '@vet/contracts/home-practice';
import { closures } from '@vet/db/schema/clinicians';
import { practiceOpeningHours } from '@vet/db/schema/practices';
import { practicePrices } from '@vet/db/schema/prices';
import { createClinician, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';

const database = useTestDatabase();
const { context, bearerForNewIdentity, signedInClient } = useSignedInTestApp(database);

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const get = (authorization?: string) =>
  context.app.inject({
    method: 'GET',
    url: '/client/practice',
    headers: authorization ? { authorization } : {},
  });

async function addClosure(
  practiceId: number,
  from: number,
  to: number,
  reason: string,
  clinicianId?: number,
) {
  const now = Date.now();
  const row = {
    practiceId,
    clinicianId: clinicianId ?? null,
    startsAt: new Date(now + from),
    endsAt: new Date(now + to),
    reason,
  };
  await database.db.insert(closures).values(row);
  return { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), reason };
}

describe('GET /client/practice', () => {
  it("answers the signed-in client's home practice: address, phone, hours Monday first, closures ahead", async () => {
    const practice = await createPractice(database.db, {
      name: `Home Vets ${crypto.randomUUID().slice(0, 8)}`,
      addressLine1: '12 Market Street',
      addressLine2: 'Unit 3',
      county: 'Cumbria',
      town: 'Kendal',
      postcode: 'LA9 4QQ',
      phone: '01539 720000',
      email: 'desk@home-vets.example',
      ownerName: 'Kendal Veterinary Partners LLP',
    });
    const other = await createPractice(database.db);
    // Inserted out of order, to show the answer is ordered by day.
    await database.db.insert(practiceOpeningHours).values([
      { practiceId: practice.id, dayOfWeek: 6, opensAt: '09:00', closesAt: '12:30' },
      { practiceId: practice.id, dayOfWeek: 1, opensAt: '08:00', closesAt: '19:00' },
      { practiceId: practice.id, dayOfWeek: 3, opensAt: '08:30:00', closesAt: '18:00:00' },
      { practiceId: other.id, dayOfWeek: 2, opensAt: '07:00', closesAt: '20:00' },
    ]);
    const vet = await createClinician(database.db, { practiceId: practice.id });
    const later = await addClosure(practice.id, 10 * dayMs, 11 * dayMs, 'Christmas Day');
    const ongoing = await addClosure(practice.id, -hourMs, hourMs, 'Staff training');
    const lastInWindow = await addClosure(practice.id, 55 * dayMs, 56 * dayMs, 'Boxing Day');
    await addClosure(practice.id, -2 * dayMs, -hourMs, 'Already over');
    await addClosure(practice.id, 57 * dayMs, 58 * dayMs, 'Beyond eight weeks');
    await addClosure(practice.id, dayMs, 2 * dayMs, 'Annual leave', vet.id);
    await addClosure(other.id, dayMs, 2 * dayMs, 'Another practice');
    await database.db.insert(practicePrices).values([
      {
        practiceId: practice.id,
        serviceName: 'Nail clipping',
        amountPence: 1250,
        effectiveFrom: '2020-01-01',
      },
      { practiceId: other.id, serviceName: 'Nail clipping', amountPence: 999, effectiveFrom: '2020-01-01' },
    ]);
    const { authorization } = await signedInClient({ homePracticeId: practice.id });

    const response = await get(authorization);

    expect(response.statusCode).toBe(200);
    const { priceList, ...body } = homePracticeSchema.strict().parse(response.json());
    // Other tests' online reasons are on the list too, not yet published here.
    expect(priceList.lines.filter((line) => line.prices.length > 0)).toStrictEqual([
      { name: 'Nail clipping', prices: [{ band: null, amountPence: 1250, includes: null }] },
    ]);
    expect(priceList).toMatchObject({ lastUpdated: '2020-01-01', vatIncluded: true });
    expect(body).toStrictEqual({
      id: practice.id,
      name: practice.name,
      addressLine1: '12 Market Street',
      addressLine2: 'Unit 3',
      town: 'Kendal',
      county: 'Cumbria',
      postcode: 'LA9 4QQ',
      phone: '01539 720000',
      openingHours: [
        { dayOfWeek: 1, opens: '08:00', closes: '19:00' },
        { dayOfWeek: 3, opens: '08:30', closes: '18:00' },
        { dayOfWeek: 6, opens: '09:00', closes: '12:30' },
      ],
      closures: [ongoing, later, lastInWindow],
      ownerName: 'Kendal Veterinary Partners LLP',
    });
  });

  it('answers a day open until midnight, stored as 24:00, as 24:00', async () => {
    const practice = await createPractice(database.db);
    await database.db
      .insert(practiceOpeningHours)
      .values({ practiceId: practice.id, dayOfWeek: 5, opensAt: '18:00', closesAt: '24:00' });
    const { authorization } = await signedInClient({ homePracticeId: practice.id });

    const response = await get(authorization);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      openingHours: [{ dayOfWeek: 5, opens: '18:00', closes: '24:00' }],
    });
  });

  it('answers a practice with no hours or closures with empty lists, and null optional address parts', async () => {
    const practice = await createPractice(database.db);
    const { authorization } = await signedInClient({ homePracticeId: practice.id });

    const response = await get(authorization);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: practice.id,
      addressLine2: null,
      county: null,
      openingHours: [],
      closures: [],
    });
  });

  it('follows the client record: another client’s home practice is theirs, not this one’s', async () => {
    const mine = await createPractice(database.db);
    const theirs = await createPractice(database.db);
    const me = await signedInClient({ homePracticeId: mine.id });
    const them = await signedInClient({ homePracticeId: theirs.id });

    expect((await get(me.authorization)).json()).toMatchObject({ id: mine.id, name: mine.name });
    expect((await get(them.authorization)).json()).toMatchObject({ id: theirs.id, name: theirs.name });
  });

  it('answers 403 to an identity not linked to a client, as the other client routes do, and 401 without a token', async () => {
    const authorization = await bearerForNewIdentity();

    const refused = await get(authorization);
    const asOtherRoutes = await context.app.inject({
      method: 'GET',
      url: '/client',
      headers: { authorization },
    });

    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.strict().parse(refused.json())).toEqual(asOtherRoutes.json());
    expect((await get()).statusCode).toBe(401);
  });
});
