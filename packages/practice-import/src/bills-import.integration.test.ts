import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { billRows } from './testing/bill-rows.ts';
import { exportDirectory, type Rows } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/** Estimates and invoices through the import (decision 0151): their lines, sums and the apply. */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

const linesOf = async (table: 'practice_estimate_lines' | 'practice_invoice_lines', ref: string) => {
  const [recordTable, column] =
    table === 'practice_estimate_lines'
      ? ['practice_estimates', 'estimate_id']
      : ['practice_invoices', 'invoice_id'];
  const { rows } = await database.pool.query<{ line_no: number; total_pence: number; pet: string | null }>(
    `select l.line_no, l.total_pence, p.pms_ref as pet from ${table} l
       join ${recordTable} r on r.id = l.${column} left join pets p on p.id = l.pet_id
      where r.pms_ref = $1 order by l.line_no`,
    [ref],
  );
  return rows;
};

describe('estimates and invoices imported', () => {
  it('stores records and lines, links the invoice to its estimate, and a second import changes nothing', async () => {
    const group = testGroup();
    const files = {
      ...group.files,
      'practices.csv': group.files['practices.csv'].map((p) => ({ ...p, vat_number: 'GB 123 4567 89' })),
      ...billRows(group),
    };
    const first = await importDirectory(database.url, await exportDirectory(files));
    expect(refusalsOf(first)).toEqual([]);
    expect(first.counts('estimates.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
    expect(first.counts('invoice_lines.csv')).toEqual({ applied: 7, unchanged: 0, refused: 0 });
    const { rows } = await database.pool.query(
      `select i.pms_ref, i.total_pence, i.vat_pence, i.paid_pence, i.status, e.pms_ref as estimate, p.vat_number
         from practice_invoices i join practices p on p.id = i.practice_id
         left join practice_estimates e on e.id = i.estimate_id
        where i.pms_ref = any($1) order by i.pms_ref`,
      [[group.ref('INV', 1), group.ref('INV', 2)]],
    );
    expect(rows).toEqual([
      {
        pms_ref: group.ref('INV', 1),
        total_pence: 71_400,
        vat_pence: 11_900,
        paid_pence: 71_400,
        status: 'paid',
        estimate: group.ref('EST', 1),
        vat_number: 'GB123456789',
      },
      {
        pms_ref: group.ref('INV', 2),
        total_pence: 6270,
        vat_pence: 925,
        paid_pence: 0,
        status: 'issued',
        estimate: null,
        vat_number: 'GB123456789',
      },
    ]);
    expect(await linesOf('practice_estimate_lines', group.ref('EST', 1))).toEqual([
      { line_no: 1, total_pence: 65_400, pet: group.ref('PET', 1) },
      { line_no: 2, total_pence: 12_000, pet: group.ref('PET', 2) },
      { line_no: 3, total_pence: -6000, pet: null },
    ]);
    const again = await importDirectory(database.url, await exportDirectory(files));
    for (const file of ['estimates.csv', 'estimate_lines.csv', 'invoices.csv', 'invoice_lines.csv'])
      expect(again.counts(file), file).toMatchObject({ applied: 0, refused: 0 });
  });

  it('replaces a record’s lines whole when they change, at the same total', async () => {
    const group = testGroup();
    const bills = billRows(group);
    await importDirectory(database.url, await exportDirectory({ ...group.files, ...bills }));
    // Two lines where there were three: the discount folded into the castration's price.
    const lines: Rows = [
      bills['estimate_lines.csv'][0]!,
      {
        ...bills['estimate_lines.csv'][1]!,
        description: 'Castration, less discount',
        unit_price: '50.00',
        total: '60.00',
      },
    ];
    const result = await importDirectory(
      database.url,
      await exportDirectory({ 'estimates.csv': bills['estimates.csv'], 'estimate_lines.csv': lines }),
    );
    expect(refusalsOf(result)).toEqual([]);
    expect(result.counts('estimates.csv')).toMatchObject({ applied: 0 });
    expect(await linesOf('practice_estimate_lines', group.ref('EST', 1))).toEqual([
      { line_no: 1, total_pence: 65_400, pet: group.ref('PET', 1) },
      { line_no: 2, total_pence: 6000, pet: group.ref('PET', 2) },
    ]);
  });

  it('writes only the practice system’s columns: a rise over an accepted estimate clears the answer', async () => {
    const group = testGroup();
    const bills = billRows(group);
    await importDirectory(database.url, await exportDirectory({ ...group.files, ...bills }));
    await database.pool.query(
      `update practice_estimates set answer = 'accepted', answered_at = now(), answered_revision = revision,
              agreed_total_pence = total_pence where pms_ref = $1`,
      [group.ref('EST', 1)],
    );
    const renamed = { ...bills['estimates.csv'][0]!, title: 'Dental, neutering and X-rays' };
    await importDirectory(
      database.url,
      await exportDirectory({
        'estimates.csv': [renamed],
        'estimate_lines.csv': bills['estimate_lines.csv'],
      }),
    );
    const answer = `select answer, revision, agreed_total_pence, previous_total_pence, title
                      from practice_estimates where pms_ref = $1`;
    expect((await database.pool.query(answer, [group.ref('EST', 1)])).rows[0]).toEqual({
      answer: 'accepted',
      revision: 1,
      agreed_total_pence: 71_400,
      previous_total_pence: null,
      title: 'Dental, neutering and X-rays',
    });
    // X-rays added: 714.00 → 894.00, a rise of 25%.
    const xray = {
      ...bills['estimate_lines.csv'][0]!,
      line_no: '4',
      description: 'X-rays',
      unit_price: '150.00',
      total: '180.00',
    };
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        'estimates.csv': [{ ...renamed, total: '894.00', vat: '149.00' }],
        'estimate_lines.csv': [...bills['estimate_lines.csv'], xray],
      }),
    );
    expect(refusalsOf(result)).toEqual([]);
    expect((await database.pool.query(answer, [group.ref('EST', 1)])).rows[0]).toEqual({
      answer: null,
      revision: 2,
      agreed_total_pence: 71_400,
      previous_total_pence: 71_400,
      title: 'Dental, neutering and X-rays',
    });
  });
});

describe('estimates and invoices refused', () => {
  it('refuses a record whose lines do not add up, naming total or vat and the sum, and applies nothing of it', async () => {
    const group = testGroup();
    const bills = billRows(group);
    const [first, second] = bills['invoices.csv'];
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        ...bills,
        'invoices.csv': [
          { ...first!, total: '713.99', amount_paid: '0' },
          { ...second!, vat: '9.26', total: '62.70' },
        ],
      }),
    );
    expect(refusalsOf(result)).toEqual([
      'invoices.csv:2 total: not the sum of its lines’ totals in invoice_lines.csv: they add up to 714.00',
      'invoices.csv:3 vat: not the sum of its lines’ VAT in invoice_lines.csv: they add up to 9.25',
      ...[2, 3, 4, 5, 6, 7, 8].map(
        (line) => `invoice_lines.csv:${line} invoice_ref: refused in invoices.csv line ${line <= 4 ? 2 : 3}`,
      ),
    ]);
    const { rows } = await database.pool.query(`select 1 from practice_invoices where pms_ref = any($1)`, [
      [group.ref('INV', 1), group.ref('INV', 2)],
    ]);
    expect(rows).toEqual([]);
    expect(result.counts('estimates.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
  });

  it('refuses a record whole for one bad line, and each line’s own faults, naming the field', async () => {
    const group = testGroup();
    const bills = billRows(group);
    const lines = bills['invoice_lines.csv'];
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        ...bills,
        'invoice_lines.csv': [
          { ...lines[0]!, total: '654.01' },
          lines[1]!,
          lines[2]!,
          // Pickle is Olivia's; INV-2 is James's.
          { ...lines[3]!, pet_ref: group.ref('PET', 2) },
          { ...lines[4]!, line_no: '1' },
          ...lines.slice(5),
        ],
      }),
    );
    expect(refusalsOf(result)).toEqual([
      'invoices.csv:2 -: an invoice is applied whole with its lines, and invoice_lines.csv line 2 is refused',
      'invoices.csv:3 -: an invoice is applied whole with its lines, and invoice_lines.csv line 5 is refused',
      'invoice_lines.csv:2 total: not the line’s total: quantity × unit_price, plus VAT at vat_rate, each rounded to the penny, is 654.00',
      'invoice_lines.csv:3 invoice_ref: refused in invoices.csv line 2',
      'invoice_lines.csv:4 invoice_ref: refused in invoices.csv line 2',
      'invoice_lines.csv:5 pet_ref: not a pet of the client named in the invoice’s client_ref',
      'invoice_lines.csv:6 line_no: this line number of the invoice is given before in line 5',
      'invoice_lines.csv:7 invoice_ref: refused in invoices.csv line 3',
      'invoice_lines.csv:8 invoice_ref: refused in invoices.csv line 3',
    ]);
    expect(result.counts('invoices.csv')).toEqual({ applied: 0, unchanged: 0, refused: 2 });
    expect(result.counts('estimate_lines.csv')).toEqual({ applied: 3, unchanged: 0, refused: 0 });
  });

  it('refuses an invoice settling an estimate of another client, naming estimate_ref', async () => {
    const group = testGroup();
    const bills = billRows(group);
    const [first, second] = bills['invoices.csv'];
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        ...bills,
        'invoices.csv': [first!, { ...second!, estimate_ref: group.ref('EST', 1) }],
      }),
    );
    expect(refusalsOf(result).slice(0, 1)).toEqual([
      'invoices.csv:3 estimate_ref: not an estimate of the client named in client_ref',
    ]);
    expect(result.counts('invoices.csv')).toEqual({ applied: 1, unchanged: 0, refused: 1 });
  });

  it('refuses a record with no lines, and lines whose record is not in the batch', async () => {
    const group = testGroup();
    const bills = billRows(group);
    await importDirectory(database.url, await exportDirectory({ ...group.files, ...bills }));
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        'estimates.csv': bills['estimates.csv'],
        'invoice_lines.csv': bills['invoice_lines.csv'].slice(0, 1),
      }),
    );
    expect(refusalsOf(result)).toEqual([
      'estimates.csv:2 -: no lines: an estimate is sent with its lines, in estimate_lines.csv',
      'invoice_lines.csv:2 invoice_ref: its invoice is not in invoices.csv: a record’s lines are sent with it, all of them',
    ]);
    expect(await linesOf('practice_invoice_lines', group.ref('INV', 1))).toHaveLength(3);
  });

  it('refuses every invoice when its lines’ file is refused whole, and writes none of them', async () => {
    const group = testGroup();
    const bills = billRows(group);
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        ...bills,
        // A column the file does not know refuses the whole file (header.ts).
        'invoice_lines.csv': bills['invoice_lines.csv'].map((line) => ({ ...line, colour: 'red' })),
      }),
    );
    expect(refusalsOf(result).filter((r) => r.startsWith('invoices.csv'))).toEqual([
      'invoices.csv:2 -: no lines: an invoice is sent with its lines, in invoice_lines.csv',
      'invoices.csv:3 -: no lines: an invoice is sent with its lines, in invoice_lines.csv',
    ]);
    const { rows } = await database.pool.query(`select 1 from practice_invoices where pms_ref = any($1)`, [
      [group.ref('INV', 1), group.ref('INV', 2)],
    ]);
    expect(rows).toEqual([]);
    expect(result.counts('estimates.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
  });
});
