import {
  clientDetailsMessages,
  type ClientDetails,
  type updateClientDetailsBodySchema,
} from '@vet/contracts/client-details';
import type { Database } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import type { z } from 'zod';
import { type Identity, badRequest, notFound, type Issue } from '../../platform/index.ts';
import {
  nationalPhoneNumber,
  ukMobileNumber,
  ukPhoneNumber,
  ukPostcode,
} from '@vet/contracts/uk-contact-details';
import { changedDetails } from './client-events.ts';
import type {
  ClientDetailsUpdate,
  ClientRecordRepository,
  ClientRecordRow,
} from './client-record-repository.ts';

type Body = z.output<typeof updateClientDetailsBodySchema>;

export interface ClientDetailsDeps {
  db: Database;
  records: ClientRecordRepository;
}

export function clientDetailsOf(row: ClientRecordRow): ClientDetails {
  return {
    clientId: row.clientId,
    salutationId: row.salutationId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobilePhone: nationalPhoneNumber(row.mobilePhone),
    homePhone: nationalPhoneNumber(row.homePhone),
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      town: row.town,
      county: row.county,
      postcode: row.postcode,
    },
    homePracticeId: row.homePracticeId,
    homePracticeName: row.homePracticeName,
    homePracticePhone: row.homePracticePhone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /client: the signed-in client's own record. */
export async function findClientDetails(records: ClientRecordRepository, clientId: number) {
  const row = await records.findRecord(clientId);
  if (!row) throw notFound('We could not find your details.');
  return clientDetailsOf(row);
}

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * A phone number as the client sent it: unchanged from the one on file (as stored or as shown), it is
 * kept as it is, even where today's check would refuse it (numbers entered at the practice); a new one
 * must pass `check` and is stored in E.164.
 */
function phoneOf(input: string, stored: string | null, check: (value: string) => string | null) {
  if (
    stored !== null &&
    digits(input) !== '' &&
    [stored, nationalPhoneNumber(stored) ?? ''].some((s) => digits(s) === digits(input))
  )
    return stored;
  return check(input);
}

/** What changed, by field name (never the values: see the audit table in docs/decisions/0019). */
function changedFields(before: ClientRecordRow, after: ClientDetailsUpdate): string[] {
  const pairs: [string, unknown, unknown][] = [
    ['salutationId', before.salutationId, after.salutationId],
    ['firstName', before.firstName, after.firstName],
    ['lastName', before.lastName, after.lastName],
    ['mobilePhone', before.mobilePhone, after.mobilePhone],
    ['homePhone', before.homePhone, after.homePhone],
    ['address.line1', before.addressLine1, after.address.line1],
    ['address.line2', before.addressLine2, after.address.line2],
    ['address.town', before.town, after.address.town],
    ['address.county', before.county, after.address.county],
    ['address.postcode', before.postcode, after.address.postcode],
    ['homePracticeId', before.homePracticeId, after.homePracticeId],
  ];
  return pairs.filter(([, from, to]) => from !== to).map(([name]) => name);
}

/**
 * POST /client: the signed-in client's own details. Checked as UK values (400 with an issue per field);
 * the home practice must be one listed online. The change, its audit row and the practice system's
 * client.details_changed event (the fields whose values changed) commit together.
 */
export async function updateClientDetails(
  { db, records }: ClientDetailsDeps,
  actor: Identity,
  clientId: number,
  body: Body,
  now: Date = new Date(),
): Promise<ClientDetails> {
  const before = await records.findRecord(clientId);
  if (!before) throw notFound('We could not find your details.');

  const issues: Issue[] = [];
  const mobilePhone = phoneOf(body.mobilePhone, before.mobilePhone, ukMobileNumber);
  if (mobilePhone === null) issues.push({ path: 'mobilePhone', message: clientDetailsMessages.mobilePhone });
  const homePhone = body.homePhone === null ? null : phoneOf(body.homePhone, before.homePhone, ukPhoneNumber);
  if (body.homePhone !== null && homePhone === null)
    issues.push({ path: 'homePhone', message: clientDetailsMessages.homePhone });
  const postcode = ukPostcode(body.address.postcode);
  if (postcode === null) issues.push({ path: 'address.postcode', message: clientDetailsMessages.postcode });
  if (body.homePracticeId !== before.homePracticeId && !(await records.isOnlinePractice(body.homePracticeId)))
    issues.push({ path: 'homePracticeId', message: clientDetailsMessages.homePractice });
  if (!(await records.salutationExists(body.salutationId)))
    issues.push({ path: 'salutationId', message: clientDetailsMessages.salutation });
  if (mobilePhone === null || postcode === null || issues.length > 0)
    throw badRequest(
      issues.length === 1 ? issues[0]!.message : 'Some of your details need correcting.',
      issues,
    );

  const update: ClientDetailsUpdate = {
    salutationId: body.salutationId,
    firstName: body.firstName,
    lastName: body.lastName,
    mobilePhone,
    homePhone,
    address: { ...body.address, postcode },
    homePracticeId: body.homePracticeId,
  };
  const fields = changedFields(before, update);
  if (fields.length === 0) return clientDetailsOf(before);

  const after = await db.transaction(async (tx) => {
    // The event's "what changed" is judged against the row as it is under its lock, not as first read.
    const stored = await records.lockForEvent(tx, clientId);
    const saved = await records.updateDetails(tx, clientId, update, now);
    await records.recordChange(tx, { clientId, kind: 'details', actor, at: now, changes: { fields } });
    const changed = stored && saved ? changedDetails(stored, saved) : {};
    if (saved && Object.keys(changed).length > 0) {
      await recordPracticeEvent(tx, 'client.details_changed', {
        client_id: clientId,
        client_ref: saved.clientRef,
        changed,
      });
    }
    return records.findRecord(clientId, tx);
  });
  if (!after) throw notFound('We could not find your details.');
  return clientDetailsOf(after);
}
