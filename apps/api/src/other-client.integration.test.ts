import { appointmentDetailSchema } from '@vet/contracts/appointment-booking';
import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { createCancellationReason } from '@vet/db/testing/factories';
import { createHealthPlan, createPlanMembership } from '@vet/db/testing/plan-factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingHelpers,
  bookingScene,
  localDay,
  localInstant,
} from './appointments/booking/testing/booking-fixtures.ts';
import { useSignedInTestApp } from './testing/signed-in-app.ts';

/**
 * Every client-owned route, read from the OpenAPI document (so a new route is covered without
 * editing this test), called by one client with another client's ids, answers exactly as for an id that
 * does not exist (404, or 403), and changes nothing in the database.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db, pool } = database;
const { book } = bookingHelpers(context, db);

/** The names routes give to ids a client owns. */
const ownedIds = [
  'petId',
  'appointmentId',
  'existingAppointmentId',
  'estimateId',
  'invoiceId',
  'paymentId',
  'membershipId',
  'conversationId',
  'attachmentId',
] as const;
const missingId = 2_000_000_000;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean }[];
  hasBody: boolean;
}

interface OpenApiOperation {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: Operation['parameters'];
  requestBody?: unknown;
}

/** The signed-in operations that name a client-owned id, in the path or the query. */
function clientOwnedOperations(document: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const signedIn = operation.security?.some((entry) => 'bearerAuth' in entry) ?? false;
      const parameters = operation.parameters ?? [];
      if (!signedIn || !parameters.some((p) => (ownedIds as readonly string[]).includes(p.name))) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        parameters,
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return operations;
}

/** What the whole database holds, as one text: nothing may change. */
async function snapshot(): Promise<string> {
  const { rows } = await pool.query<{ name: string; content: string }>(
    `select table_name as name,
            (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I', table_name), false, true, '')))[1]::text as content
       from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`,
  );
  const { rows: owned } = await pool.query(
    'select id, status, starts_at, updated_at from appointments order by id',
  );
  return JSON.stringify({ counts: rows, appointments: owned });
}

describe('another client’s ids, on every client-owned route', () => {
  let operations: Operation[];
  beforeAll(async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/json' });
    operations = clientOwnedOperations(response.json());
  });

  it('finds the client-owned routes in the OpenAPI document', () => {
    expect(operations.map((operation) => operation.operationId).length).toBeGreaterThanOrEqual(4);
  });

  it('answers each exactly as for an id that does not exist, and changes nothing', async () => {
    const owner = await bookingScene(db, signedInClient);
    const intruder = await bookingScene(db, signedInClient);
    const theirs = appointmentDetailSchema.parse(
      (await book(owner, localInstant(localDay(3), '10:00'))).json(),
    );
    const cancellation = await createCancellationReason(db);
    const billOf = { practiceId: owner.practice.id, clientId: owner.client.id };
    const line = [{ unitPricePence: 10_000, petId: owner.pet.id }];
    const estimate = await createEstimate(db, billOf, line);
    const invoice = await createInvoice(db, billOf, line);
    const { rows: payments } = await pool.query<{ id: number }>(
      `insert into online_payments (purpose, status, practice_id, client_id, invoice_id, amount_pence,
         description, expires_at, paid_at)
       values ('invoice', 'paid', $1, $2, $3, 12000, 'Bill', now(), now()) returning id`,
      [owner.practice.id, owner.client.id, invoice.id],
    );
    const { plan } = await createHealthPlan(db, { practiceId: owner.practice.id });
    const membership = await createPlanMembership(db, {
      ...billOf,
      planId: plan.id,
      petId: owner.pet.id,
    });
    // A conversation of the owner's with their practice (issue 66).
    const { rows: conversations } = await pool.query<{ id: number }>(
      `insert into conversations (practice_id, client_id, pet_id) values ($1, $2, $3) returning id`,
      [owner.practice.id, owner.client.id, owner.pet.id],
    );
    // An unsent upload of the owner's (issue 66): its bytes are not needed to be refused.
    const { rows: attachments } = await pool.query<{ id: number }>(
      `insert into message_attachments (client_id, kind, content_type, byte_size, file_name, sha256, storage_key, scan_state)
       values ($1, 'photo', 'image/jpeg', 1, 'photo.jpg', $2, $3, 'clean') returning id`,
      [owner.client.id, '0'.repeat(64), crypto.randomUUID().replaceAll('-', '').slice(0, 24)],
    );
    const ownedValue = (name: string, id: number | null): string | undefined => {
      switch (name) {
        case 'petId':
          return String(id ?? owner.pet.id);
        case 'appointmentId':
        case 'existingAppointmentId':
          return String(id ?? theirs.appointmentId);
        case 'estimateId':
          return String(id ?? estimate.id);
        case 'invoiceId':
          return String(id ?? invoice.id);
        case 'paymentId':
          return String(id ?? payments[0]!.id);
        case 'membershipId':
          return String(id ?? membership.id);
        case 'conversationId':
          return String(id ?? conversations[0]!.id);
        case 'attachmentId':
          return String(id ?? attachments[0]!.id);
        case 'practiceId':
          return String(owner.practice.id);
        case 'appointmentReasonId':
          return String(owner.reason.id);
        case 'reasonId':
          return String(cancellation.id);
        case 'fromDate':
          return localDay(1);
        case 'toDate':
          return localDay(7);
        case 'date':
          return localDay(4);
        default:
          return undefined;
      }
    };
    /** Bodies for the writes: valid in form, so the answer is about whose id it is. */
    const bodies: Record<string, object> = {
      amendAppointment: { startsAt: localInstant(localDay(4), '11:00').toISOString() },
      editPet: {
        version: '1',
        details: {
          name: 'Intruder',
          neutered: false,
          microchipNumber: null,
          insurerId: null,
          policyNumber: null,
        },
      },
      recordPetDeparture: { version: '1', status: 'Rehomed' },
      joinEarlierTimes: { latestDate: localDay(3) },
      answerEstimate: { answer: 'accepted', revision: 1 },
      payInvoice: { amountPence: 12_000 },
      cancelPlanMembership: { feePence: 0 },
    };

    const call = (operation: Operation, id: number | null) => {
      let url = operation.path;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        const owned = (ownedIds as readonly string[]).includes(parameter.name);
        const value = ownedValue(parameter.name, owned ? id : null);
        if (value === undefined) {
          if (parameter.required || parameter.in === 'path') {
            throw new Error(
              `${operation.operationId}: no value for ${parameter.name}; add one to ownedValue`,
            );
          }
          continue;
        }
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, value);
        else query.set(parameter.name, value);
      }
      const body = bodies[operation.operationId];
      if (operation.hasBody && !body) {
        throw new Error(`${operation.operationId}: add a valid body to \`bodies\``);
      }
      return context.app.inject({
        method: operation.method as 'GET',
        url: query.size ? `${url}?${query.toString()}` : url,
        headers: { authorization: intruder.authorization },
        ...(body ? { payload: body } : {}),
      });
    };

    for (const operation of operations) {
      const before = await snapshot();
      const theirsAnswer = await call(operation, null);
      const missingAnswer = await call(operation, missingId);
      const label = `${operation.method} ${operation.path} (${operation.operationId})`;
      expect([403, 404], label).toContain(theirsAnswer.statusCode);
      expect({ status: theirsAnswer.statusCode, body: theirsAnswer.body }, label).toEqual({
        status: missingAnswer.statusCode,
        body: missingAnswer.body,
      });
      expect(await snapshot(), label).toBe(before);
    }
  });
});
