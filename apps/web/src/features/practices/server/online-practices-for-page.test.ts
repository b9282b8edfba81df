import { buildPractice } from '@vet/contracts/testing/builders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.stubEnv('DATABASE_URL', 'postgres://portal@127.0.0.1:5432/portal');
vi.stubEnv('API_URL', 'http://api.practices.test');
const { forgetOnlinePracticesForPage, onlinePracticesForPage } = await import('./online-practices-for-page');

const practices = [buildPractice({ id: 1, name: 'Harbour Road Veterinary Centre' })];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetOnlinePracticesForPage();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the practices /practices is rendered with', () => {
  it('come from the API once a minute, for every visitor', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(practices)));
    const start = Date.now();
    expect(await onlinePracticesForPage(start)).toEqual(practices);
    expect(await onlinePracticesForPage(start + 59_000)).toEqual(practices);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.practices.test/online-practices');
    await onlinePracticesForPage(start + 61_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are left to the browser when the API fails or answers nonsense, and the failure is not kept', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response(null, { status: 503 })));
    expect(await onlinePracticesForPage()).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json([{ id: 'not a practice' }])));
    expect(await onlinePracticesForPage()).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.reject(new Error('connect ECONNREFUSED')));
    expect(await onlinePracticesForPage()).toBeUndefined();
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json(practices)));
    expect(await onlinePracticesForPage()).toEqual(practices);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
