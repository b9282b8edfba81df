import type { PracticePrices } from '@vet/contracts/practice-prices';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.stubEnv('DATABASE_URL', 'postgres://portal@127.0.0.1:5432/portal');
vi.stubEnv('API_URL', 'http://api.practices.test');
const { forgetPracticePricesForPage, practicePricesForPage } = await import('./practice-prices-for-page');

const prices: PracticePrices = {
  ownerName: 'Harbour Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
  reasons: [{ appointmentReasonId: 3, amountPence: 5100, includes: null }],
  priceList: {
    lines: [{ name: 'General consultation', prices: [{ band: null, amountPence: 5100, includes: null }] }],
    lastUpdated: '2026-11-02',
    vatIncluded: true,
  },
};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetPracticePricesForPage();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("a practice's prices on the practice list", () => {
  it('come from the API once a minute per practice, for every visitor', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(prices)));
    const start = Date.now();
    expect(await practicePricesForPage(1, start)).toEqual(prices);
    expect(await practicePricesForPage(1, start + 59_000)).toEqual(prices);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.practices.test/practices/1/prices');
    await practicePricesForPage(2, start + 1_000);
    expect(fetchMock.mock.calls[1]![0]).toBe('http://api.practices.test/practices/2/prices');
    await practicePricesForPage(1, start + 61_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('are left out when the API fails or answers nonsense, and the failure is not kept', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response(null, { status: 404 })));
    expect(await practicePricesForPage(1)).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json({ ownerName: 7 })));
    expect(await practicePricesForPage(1)).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.reject(new Error('connect ECONNREFUSED')));
    expect(await practicePricesForPage(1)).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json(prices)));
    expect(await practicePricesForPage(1)).toEqual(prices);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
