import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceRecordBatchResultSchema } from '@vet/contracts/integration-records';
import { billRows } from '@vet/practice-import/testing/bill-rows';
import { jsonRecords } from '@vet/practice-import/testing/json-records';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { kindFiles, recordRequests } from './testing/record-requests.ts';

/**
 * Estimates and invoices through the integration API (decision 0151): a record with its lines, by the
 * import's rules (422 naming a line's field), versioned and idempotent, and scoped to the caller's
 * practices (decision 0105) as the other records are.
 */
const database = useTestDatabase();
const group = testGroup();
const elsewhere = testGroup();
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'one-practice', practices: [group.ref('PRAC', 1)], kinds: 'all' },
    ]),
  },
});
const api = recordRequests(
  () => context.app,
  () => machineAuthorization(),
);
const onePractice = recordRequests(
  () => context.app,
  () => machineAuthorization({ clientId: 'one-practice' }),
);

const containing = (text: string): unknown => expect.stringContaining(text);

/** A test group's bill as JSON: its row with its lines, without the record's reference. */
function billOf(of: typeof group, kind: 'estimates' | 'invoices', index = 0) {
  const files = billRows(of);
  const [file, lines, ref] =
    kind === 'estimates'
      ? (['estimates.csv', 'estimate_lines.csv', 'estimate_ref'] as const)
      : (['invoices.csv', 'invoice_lines.csv', 'invoice_ref'] as const);
  const record = files[file][index]!;
  return {
    ...record,
    [lines.replace('.csv', '')]: files[lines]
      .filter((line) => line[ref] === record[ref])
      .map(({ [ref]: _, ...line }) => line),
  } as Record<string, unknown> & { estimate_ref?: string; invoice_ref?: string };
}

beforeAll(async () => {
  await seedImportLookups(database);
  for (const of of [group, elsewhere])
    for (const [kind, file] of kindFiles) await api.batch(kind, jsonRecords(of, file));
});

describe('PUT /integration/v1/estimates and /invoices', () => {
  it('creates an estimate with its lines (201), then answers the same record unchanged with its version', async () => {
    const estimate = billOf(group, 'estimates');
    const created = await api.put('estimates', estimate.estimate_ref!, estimate);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ outcome: 'applied', version: 1 });
    const again = await api.put('estimates', estimate.estimate_ref!, estimate);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'unchanged', version: 1 });
    // One line fewer at the same total: a change of the record (its lines), not a revision.
    const lines = estimate.estimate_lines as Record<string, string>[];
    const folded = {
      ...estimate,
      estimate_lines: [lines[0], { ...lines[1], unit_price: '50.00', total: '60.00' }],
    };
    const changed = await api.put('estimates', estimate.estimate_ref!, folded);
    expect(changed.json()).toMatchObject({ outcome: 'applied' });
    const { rows } = await database.pool.query(
      `select e.revision, count(l.id)::int as lines from practice_estimates e
         join practice_estimate_lines l on l.estimate_id = e.id where e.pms_ref = $1 group by e.revision`,
      [estimate.estimate_ref],
    );
    expect(rows).toEqual([{ revision: 1, lines: 2 }]);
  });

  it('refuses a line whose total is wrong naming it (invoice_lines[2].total), and a record that does not add up', async () => {
    const invoice = billOf(group, 'invoices', 1);
    const lines = invoice.invoice_lines as Record<string, string>[];
    const badLine = await api.put('invoices', invoice.invoice_ref!, {
      ...invoice,
      invoice_lines: lines.map((line, i) => (i === 2 ? { ...line, total: '5.24' } : line)),
    });
    expect(badLine.statusCode).toBe(422);
    expect(apiErrorSchema.parse(badLine.json()).issues).toEqual([
      { path: 'invoice_lines[2].total', message: containing('is 5.25') },
      { path: 'body', message: containing('invoice_lines[2] is refused') },
    ]);
    const badSum = await api.put('invoices', invoice.invoice_ref!, { ...invoice, total: '62.71' });
    expect(badSum.statusCode).toBe(422);
    expect(apiErrorSchema.parse(badSum.json()).issues).toEqual([
      { path: 'total', message: containing('they add up to 62.70') },
    ]);
    const none = await api.put('invoices', invoice.invoice_ref!, { ...invoice, invoice_lines: [] });
    expect(apiErrorSchema.parse(none.json()).issues).toEqual([
      { path: 'invoice_lines', message: 'empty: an invoice has at least one line' },
    ]);
    const { rows } = await database.pool.query(`select 1 from practice_invoices where pms_ref = $1`, [
      invoice.invoice_ref,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses a line for a pet of another client, naming its pet_ref', async () => {
    const invoice = billOf(group, 'invoices', 1);
    const lines = invoice.invoice_lines as Record<string, string>[];
    const response = await api.put('invoices', invoice.invoice_ref!, {
      ...invoice,
      invoice_lines: lines.map((line, i) => (i === 0 ? { ...line, pet_ref: group.ref('PET', 1) } : line)),
    });
    expect(response.statusCode).toBe(422);
    expect(apiErrorSchema.parse(response.json()).issues).toContainEqual({
      path: 'invoice_lines[0].pet_ref',
      message: 'not a pet of the client named in the invoice’s client_ref',
    });
  });

  it('stores a batch of invoices, the first linked to its stored estimate', async () => {
    await api.put('estimates', group.ref('EST', 1), billOf(group, 'estimates'));
    const response = await api.batch('invoices', [
      billOf(group, 'invoices', 0),
      billOf(group, 'invoices', 1),
    ]);
    const { results } = practiceRecordBatchResultSchema.parse(response.json());
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const { rows } = await database.pool.query(
      `select e.pms_ref from practice_invoices i join practice_estimates e on e.id = i.estimate_id
        where i.pms_ref = $1`,
      [group.ref('INV', 1)],
    );
    expect(rows).toEqual([{ pms_ref: group.ref('EST', 1) }]);
  });
});

describe('an accepted estimate sent again', () => {
  it('asks the owner again when its total rises 20% or more, and keeps the answer otherwise', async () => {
    const of = testGroup();
    for (const [kind, file] of kindFiles) await api.batch(kind, jsonRecords(of, file));
    const estimate = billOf(of, 'estimates');
    const ref = estimate.estimate_ref!;
    expect((await api.put('estimates', ref, estimate)).statusCode).toBe(201);
    await database.pool.query(
      `update practice_estimates set answer = 'accepted', answered_at = now(), answered_revision = revision,
              agreed_total_pence = total_pence where pms_ref = $1`,
      [ref],
    );
    const lines = estimate.estimate_lines as Record<string, string>[];
    const withLine = (unitPrice: string, total: string, sum: string, vat: string) => ({
      ...estimate,
      total: sum,
      vat,
      estimate_lines: [
        ...lines,
        { ...lines[0], line_no: '4', description: 'X-rays', unit_price: unitPrice, total },
      ],
    });
    const answerOf = async () =>
      (
        await database.pool.query(
          `select answer, revision, version from practice_estimates where pms_ref = $1`,
          [ref],
        )
      ).rows[0] as { answer: string | null; revision: number; version: number };
    // 714.00 → 774.00: 8.4% and £60, shown but not asked again.
    const small = await api.put('estimates', ref, withLine('50.00', '60.00', '774.00', '129.00'));
    expect(small.json()).toMatchObject({ outcome: 'applied' });
    expect(await answerOf()).toMatchObject({ answer: 'accepted', revision: 2 });
    // 714.00 → 894.00: 25.2% over the total agreed.
    const large = await api.put('estimates', ref, withLine('150.00', '180.00', '894.00', '149.00'));
    expect(large.json()).toMatchObject({ outcome: 'applied' });
    expect(await answerOf()).toMatchObject({ answer: null, revision: 3 });
  });
});

describe('a practice system granted one practice', () => {
  it('writes its practice’s estimates, never another practice’s, nor takes one over', async () => {
    const own = billOf(group, 'estimates');
    expect((await onePractice.put('estimates', own.estimate_ref!, own)).statusCode).toBeLessThan(300);
    const other = billOf(elsewhere, 'estimates');
    const refused = await onePractice.put('estimates', other.estimate_ref!, other);
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('practice_not_served');
    // Stored by a caller of every practice, then claimed for the served practice by reference.
    expect((await api.put('estimates', other.estimate_ref!, other)).statusCode).toBe(201);
    const takeover = await onePractice.put('estimates', other.estimate_ref!, {
      ...own,
      estimate_ref: other.estimate_ref,
    });
    expect(takeover.statusCode).toBe(403);
    expect((await onePractice.get('invoices', other.estimate_ref!)).statusCode).toBe(404);
    expect((await onePractice.get('estimates', other.estimate_ref!)).statusCode).toBe(404);
    expect((await onePractice.deactivate('estimates', other.estimate_ref!)).statusCode).toBe(404);
  });
});
