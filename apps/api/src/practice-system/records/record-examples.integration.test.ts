import { randomUUID } from 'node:crypto';
import { practiceRecordRefFields, type PracticeRecordKind } from '@vet/contracts/integration-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { practiceRecordExamples } from './record-examples.ts';
import { billKindFiles, kindFiles, planKindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * The OpenAPI document's example of each record (decision 0109) is a record the API stores: each one,
 * sent as it stands but for its references (made unique to this run: the database is shared), is created
 * (201) by the import's own rules, in dependency order, through PUT and through a batch.
 */
const database = useTestDatabase();
const { context, machineAuthorization } = useSignedInTestApp(database);
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
beforeAll(() => seedImportLookups(database));

/** An appointment reason's name is unique in the group, as a reference is. */
const uniqueFields = new Set(['name']);

/**
 * The example with every reference (`*_ref`) given the suffix, so the records refer to each other still,
 * and an appointment reason's name too.
 */
const withRefsEndingIn = (
  kind: PracticeRecordKind,
  record: Record<string, unknown>,
  suffix: string,
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(record).map(([field, value]) => [
      field,
      typeof value === 'string' &&
      (field.endsWith('_ref') || (kind === 'appointment-reasons' && uniqueFields.has(field)))
        ? `${value}-${suffix}`
        : // Child rows (an estimate's lines) name records too.
          Array.isArray(value)
          ? value.map((row: Record<string, unknown>) => withRefsEndingIn(kind, row, suffix))
          : value,
    ]),
  );

const allKinds = [...kindFiles, ...billKindFiles, ...planKindFiles];

describe('the examples of the integration contract', () => {
  it('are each stored by PUT /{kind}/{ref} (201), in dependency order', async () => {
    const suffix = randomUUID().slice(0, 8);
    for (const [kind] of allKinds) {
      const record = withRefsEndingIn(kind, practiceRecordExamples[kind], suffix);
      const response = await api.put(kind, String(record[practiceRecordRefFields[kind]]), record);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(201);
    }
  });

  it('are each stored as a batch item (applied)', async () => {
    const suffix = randomUUID().slice(0, 8);
    for (const [kind] of allKinds) {
      const response = await api.batch(kind, [withRefsEndingIn(kind, practiceRecordExamples[kind], suffix)]);
      expect(response.statusCode, kind).toBe(200);
      expect(response.json(), `${kind}: ${response.body}`).toMatchObject({
        results: [{ index: 0, outcome: 'applied' }],
      });
    }
  });
});
