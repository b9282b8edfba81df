import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadKind } from '../vendor-port.ts';
import { startDemoSite, syncAll, syncKind, type DemoSite } from './testing/ezyvet-test-kit.ts';

let sites: DemoSite[] = [];
afterEach(async () => {
  for (const site of sites) {
    expect(site.standIn.violations).toEqual([]);
    await site.standIn.close();
  }
  sites = [];
});
const start = async () => {
  const site = await startDemoSite();
  sites.push(site);
  return site;
};
const fromStart = (site: DemoSite) =>
  new Map<ReadKind, string | null>(site.connection.readKinds.map((kind) => [kind, null]));

describe('reading several kinds at once', () => {
  it('reads later kinds while the first is taken, and answers the same pages as reading one at a time', async () => {
    const plain = await start();
    const ahead = await start();
    const oneByOne = await syncAll(plain.connection);

    ahead.connection.readAhead!(fromStart(ahead));
    // Before the layer takes a single page, the last kind's endpoint is asked: the kinds run at once.
    await vi.waitFor(() => expect(ahead.standIn.count('GET /v2/appointment')).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const together = await syncAll(ahead.connection);

    for (const kind of plain.connection.readKinds) {
      const [a, b] = [oneByOne.get(kind)!, together.get(kind)!];
      expect({ kind, records: b.records, deleted: b.deleted, pages: b.pages }).toEqual({
        kind,
        records: a.records,
        deleted: a.deleted,
        pages: a.pages,
      });
    }
  }, 30_000);

  it('reads afresh a page asked from another cursor, and drops what it read ahead for that kind', async () => {
    const site = await start();
    const first = await syncKind(site.connection, 'pets', null);
    site.connection.readAhead!(new Map([['pets', first.cursor]]));
    const before = site.standIn.count('GET /v1/animal');
    // A resync asks from the beginning: not the cursor read ahead from.
    const again = await syncKind(site.connection, 'pets', null);
    expect(again.records).toEqual(first.records);
    expect(site.standIn.count('GET /v1/animal')).toBeGreaterThan(before);
  });

  it('keeps the rate limits while kinds are read at once: no 429 from ezyVet', async () => {
    const site = await start();
    site.connection.readAhead!(fromStart(site));
    await syncAll(site.connection);
    expect(site.standIn.count(undefined, 429)).toBe(0);
  });
});
