import { describe, expect, it } from 'vitest';
import { counted, countedRows } from './counted.ts';

describe('the duplicate count of decision 0110', () => {
  it('reads hand-written code and leaves out tests, seed data, locks and generated code', () => {
    for (const path of [
      'apps/api/src/app.ts',
      'packages/db/src/schema/pets.ts',
      'scripts/bench.ts',
      'apps/web/src/shared/ui/button.tsx',
    ])
      expect(counted(path), path).toBe(true);
    for (const path of [
      'apps/api/src/app.test.ts',
      'apps/web/src/shared/ui/button.test.tsx',
      'apps/api/src/practice-system/connectors/testing/memory-practice-system.ts',
      'e2e/booking.e2e.test.ts',
      'e2e/support/portal.ts',
      'packages/db/src/seed.ts',
      'packages/db/src/seed-data/clients.ts',
      'packages/db/src/demo-group/practices.csv',
      'packages/practice-import/fixtures/clients.csv',
      'package-lock.json',
      'packages/db/migrations/0046_prices.sql',
      'packages/integration-client/src/generated/sdk.gen.ts',
    ])
      expect(counted(path), path).toBe(false);
  });

  it('counts the rows of pairs but those marked boilerplate', () => {
    const output = [
      '3 pairs of places (9 files read), each sharing runs of 6 or more lines',
      'D1 a.ts:1-9 ~ b.ts:4-12',
      'D2 a.ts:20-26 ~ c.ts:1-7 shape (+1 more run)',
      'D3 d.ts:1-8 ~ e.ts:3-10 shape boilerplate',
      'left out: 2 runs in more than 8 places',
    ].join('\n');
    expect(countedRows(output)).toEqual([
      'D1 a.ts:1-9 ~ b.ts:4-12',
      'D2 a.ts:20-26 ~ c.ts:1-7 shape (+1 more run)',
    ]);
  });
});
