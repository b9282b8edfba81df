import { practiceAppointmentBodySchema } from '@vet/contracts/integration-appointments';
import { practiceRecordRefFields } from '@vet/contracts/integration-records';
import { recordKindsByFile } from '@vet/practice-import/kinds/index';
import type { KindFile } from '@vet/practice-import/kinds/kind';
import { context } from '@vet/practice-import/kinds/testing/kind-fixtures';
import { childKindOf } from '@vet/practice-import/records/record-kinds';
import { recordFromJson } from '@vet/practice-import/records/json-record';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadKind } from '../vendor-port.ts';
import { insertInvoice, type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  await kit.standIn.close();
});

const fileOf = (kind: Exclude<ReadKind, 'appointments'>) => `${kind.replace('-', '_')}.csv` as KindFile;

/** Every refusal the import's own rules give a record's body (its fields, its values, its child rows). */
function refusalsOf(kind: Exclude<ReadKind, 'appointments'>, body: Readonly<Record<string, unknown>>) {
  const recordKind = recordKindsByFile.get(fileOf(kind))!;
  const rows = recordFromJson(recordKind, body);
  const parsed = recordKind.parse(rows.cells, context);
  const child = childKindOf(recordKind.file);
  const children = (rows.children ?? []).map((row) => child!.parse(row, context));
  return [
    ...(rows.refusals ?? []),
    ...(parsed.ok ? [] : parsed.refusals),
    ...children.flatMap((result) => (result.ok ? [] : result.refusals)),
  ];
}

describe('Provet Cloud: what the connection reads is what the import takes', () => {
  it('reads the demo group into bodies that the import file rules accept, each with its reference field', async () => {
    // The demo group has no bills: one invoice, so that its body is checked too.
    insertInvoice(kit, kit.ids.clients.get('CLI-000001')!);
    const connection = kit.connect();
    for (const kind of connection.readKinds) {
      const { records } = await readAll(connection, kind);
      expect(records.length, kind).toBeGreaterThan(0);
      for (const { ref, body } of records) {
        if (kind === 'appointments') {
          expect(practiceAppointmentBodySchema.safeParse(body).error, `${kind} ${ref}`).toBeUndefined();
          continue;
        }
        const fields: Readonly<Record<string, unknown>> = body;
        expect(fields[practiceRecordRefFields[kind]], kind).toBe(ref);
        expect(refusalsOf(kind, fields), `${kind} ${ref}`).toEqual([]);
      }
    }
  });
});
