import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillsPage } from '@vet/contracts/bills';
import { browserCacheOf } from '@/testing/browser-cache';
import { billIdOf, billsFirstData, estimateFirstData } from './bills-first-data';

const getFromApiOnServer = vi.hoisted(() => vi.fn());
vi.mock('@/shared/bff/server-api', () => ({ getFromApiOnServer }));

beforeEach(() => getFromApiOnServer.mockReset());

const page: BillsPage = { items: [], nextCursor: 'c2', pets: [{ id: 3, name: 'Bramble' }] };

describe('billsFirstData (decision 0031)', () => {
  it('gives the first page for the pet filtered, as the browser’s infinite query holds it', async () => {
    getFromApiOnServer.mockResolvedValue({ status: 200, data: page });

    const cache = await browserCacheOf(billsFirstData('COMPLETED', 3));

    expect(cache.getQueryData(['bills', 'list', 3])).toEqual({ pages: [page], pageParams: [undefined] });
    expect(getFromApiOnServer.mock.calls[0]?.[0]).toEqual(['v2', 'bills']);
    expect(getFromApiOnServer.mock.calls[0]?.[2]).toEqual({ petId: '3' });
  });

  it('asks without a filter for every pet, and leaves the page out when the API could not give it', async () => {
    getFromApiOnServer.mockResolvedValue({ status: 502, data: undefined });

    const cache = await browserCacheOf(billsFirstData('COMPLETED', null));

    expect(getFromApiOnServer.mock.calls[0]?.[2]).toBeUndefined();
    expect(cache.getQueryCache().getAll()).toEqual([]);
  });

  it('does not ask for someone not linked yet (R4.2: the API would refuse)', async () => {
    await browserCacheOf(billsFirstData('STARTED', null));
    expect(getFromApiOnServer).not.toHaveBeenCalled();
  });
});

describe('estimateFirstData', () => {
  it('says not found for an id the API answers 404 for (missing or another client’s), or no id at all', async () => {
    getFromApiOnServer.mockResolvedValue({ status: 404, data: undefined });
    expect((await estimateFirstData(41)).notFound).toBe(true);
    expect((await estimateFirstData(null)).notFound).toBe(true);
    expect(getFromApiOnServer).toHaveBeenCalledTimes(1);
  });

  it('reads a URL’s id as the API’s serial ids, refusing anything else', () => {
    expect(['41', '0', '-1', '4.5', '1e3', '2147483648', '', undefined].map(billIdOf)).toEqual([
      41,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
