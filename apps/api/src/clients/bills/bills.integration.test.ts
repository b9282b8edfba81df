import {
  billsPageSchema,
  billsPageSize,
  billsSummarySchema,
  estimateDetailSchema,
  invoiceDetailSchema,
} from '@vet/contracts/bills';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { billScene } from './testing/bill-fixtures.ts';

/** Decision 0151: the client's estimates and bills, read line by line, newest first, theirs only. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

const get = (url: string, authorization: string) =>
  context.app.inject({ method: 'GET', url, headers: { authorization } });

describe('GET /v2/bills', () => {
  it('lists estimates and invoices together, newest first, a page at a time without repeats', async () => {
    const scene = await billScene(db, signedInClient);
    const written: string[] = [];
    for (let day = 1; day <= 12; day += 1) {
      const issuedOn = `2026-10-${String(day).padStart(2, '0')}`;
      const estimate = await scene.estimate({ issuedOn }, [{ unitPricePence: 1_000 * day }]);
      const invoice = await scene.invoice({ issuedOn }, [{ unitPricePence: 900 * day }]);
      written.push(`estimate:${estimate.id}`, `invoice:${invoice.id}`);
    }
    // A second invoice on the last day: the same day is ordered by kind, then id, newest first.
    const late = await scene.invoice({ issuedOn: '2026-10-12' }, [{ unitPricePence: 1 }]);
    written.push(`invoice:${late.id}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/v2/bills${cursor ? `?cursor=${cursor}` : ''}`, scene.authorization);
      expect(response.statusCode).toBe(200);
      const page = billsPageSchema.parse(response.json());
      seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(written.length / billsPageSize));
    const expected = [...written].reverse().sort((a, b) => {
      const day = (key: string) => written.indexOf(key) >> 1;
      return day(b) - day(a) || (a < b ? 1 : a > b ? -1 : 0);
    });
    expect(seen).toEqual(expected);
    expect(seen[0]).toBe(`invoice:${late.id}`);
  });

  it('filters by a pet of the client’s, lists the pets that have bills, and refuses another’s', async () => {
    const scene = await billScene(db, signedInClient);
    const forRex = await scene.invoice({}, [
      { unitPricePence: 5_000, petId: scene.rex.id },
      { unitPricePence: 500 },
    ]);
    await scene.estimate({}, [{ unitPricePence: 9_000, petId: scene.bella.id }]);
    const page = billsPageSchema.parse(
      (await get(`/v2/bills?petId=${scene.rex.id}`, scene.authorization)).json(),
    );
    expect(page.items.map((item) => [item.kind, item.id, item.petNames])).toEqual([
      ['invoice', forRex.id, ['Rex']],
    ]);
    expect(page.pets.map((pet) => pet.name)).toEqual(['Bella', 'Rex']);
    const other = await billScene(db, signedInClient);
    const theirs = await get(`/v2/bills?petId=${other.rex.id}`, scene.authorization);
    const missing = await get('/v2/bills?petId=2000000000', scene.authorization);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });

  it('refuses a cursor it did not write, naming the field', async () => {
    const scene = await billScene(db, signedInClient);
    const response = await get('/v2/bills?cursor=not-a-cursor', scene.authorization);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'cursor' }] });
  });
});

describe('an estimate and an invoice', () => {
  it('reads an invoice line by line with the practice’s address, VAT number, owner and clinician', async () => {
    const scene = await billScene(db, signedInClient);
    const invoice = await scene.invoice({ paidPence: 1_000, title: 'Dental' }, [
      { description: 'Scale and polish', unitPricePence: 20_000, petId: scene.rex.id },
      { description: 'Chlorhexidine gel', quantity: '2.5', unitPricePence: 399, vatRate: 'reduced' },
      { description: 'Loyalty discount', unitPricePence: -1_000 },
    ]);
    const response = await get(`/v2/bills/invoices/${invoice.id}`, scene.authorization);
    expect(response.statusCode).toBe(200);
    const detail = invoiceDetailSchema.parse(response.json());
    expect(detail.practice).toEqual({
      name: 'Harbour Vets Clapham',
      address: ['1 High Street', 'London', 'SW4 7AA'],
      phone: '020 7946 0000',
      vatNumber: 'GB123456789',
      ownership: 'Harbour Vets Clapham is owned by Harbour Vets Group Ltd.',
    });
    expect(detail.clinicianName).toBe('Sam Okafor');
    expect(detail.number).toBe(invoice.pmsRef);
    expect(
      detail.lines.map((line) => [line.quantity, line.vatPercent, line.totalPence, line.petName]),
    ).toEqual([
      ['1', 20, 24_000, 'Rex'],
      ['2.5', 5, 1_048, null],
      ['1', 20, -1_200, null],
    ]);
    expect(detail).toMatchObject({
      state: 'partPaid',
      totalPence: 23_848,
      duePence: 22_848,
      petNames: ['Rex'],
    });
  });

  it('answers another client’s estimate and invoice exactly as missing ones', async () => {
    const scene = await billScene(db, signedInClient);
    const other = await billScene(db, signedInClient);
    const estimate = await other.estimate({}, [{ unitPricePence: 100 }]);
    const invoice = await other.invoice({}, [{ unitPricePence: 100 }]);
    for (const [theirs, missing] of [
      [`/v2/bills/estimates/${estimate.id}`, '/v2/bills/estimates/2000000000'],
      [`/v2/bills/invoices/${invoice.id}`, '/v2/bills/invoices/2000000000'],
    ] as const) {
      const [a, b] = [await get(theirs, scene.authorization), await get(missing, scene.authorization)];
      expect(a.statusCode).toBe(404);
      expect(a.body).toBe(b.body);
    }
  });

  it('shows a proposed estimate past its expiry as expired, and leaves it off the dashboard', async () => {
    const scene = await billScene(db, signedInClient);
    const today = practiceDate(new Date());
    const open = await scene.estimate({ expiresOn: today, terms: 'Half up front.' }, [
      { unitPricePence: 60_000 },
    ]);
    const lapsed = await scene.estimate({ expiresOn: addDays(today, -1) }, [{ unitPricePence: 60_000 }]);
    const unpaid = await scene.invoice({ paidPence: 100 }, [{ unitPricePence: 1_000 }]);
    await scene.invoice({ status: 'paid', paidPence: 1_200 }, [{ unitPricePence: 1_000 }]);
    await scene.invoice({ status: 'credited' }, [{ unitPricePence: 1_000 }]);
    const detail = estimateDetailSchema.parse(
      (await get(`/v2/bills/estimates/${lapsed.id}`, scene.authorization)).json(),
    );
    expect(detail).toMatchObject({ state: 'expired', practiceStatus: 'proposed', revision: 1 });
    const summary = billsSummarySchema.parse((await get('/v2/bills/summary', scene.authorization)).json());
    expect(summary).toEqual({
      estimatesToAnswer: [{ id: open.id, title: null, totalPence: 72_000 }],
      unpaidBills: [{ id: unpaid.id, title: null, duePence: 1_100 }],
    });
  });
});
