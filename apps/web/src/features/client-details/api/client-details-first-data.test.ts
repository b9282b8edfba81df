import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clientDetailsFirstData, contactPreferencesFirstData } from './client-details-first-data';
import { clientDetailsQueryKey, contactPreferencesQueryKey } from './query-keys';
import { salutationsQueryKey } from '@/shared/lookups/salutations-query-key';
import { browserCacheOf } from '@/testing/browser-cache';

const getClientDetailsOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-client-details-on-server', () => ({ getClientDetailsOnServer }));
const getContactPreferencesOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-contact-preferences-on-server', () => ({ getContactPreferencesOnServer }));
const getSalutationsOnServer = vi.hoisted(() => vi.fn());
vi.mock('@/shared/lookups/get-salutations-on-server', () => ({ getSalutationsOnServer }));

beforeEach(() => {
  for (const mock of [getClientDetailsOnServer, getContactPreferencesOnServer, getSalutationsOnServer]) {
    mock.mockReset();
  }
});

describe('clientDetailsFirstData', () => {
  it("gives the client's details and the titles under the keys the browser's queries read", async () => {
    const details = { clientId: 7, firstName: 'Olivia' };
    const salutations = [{ salutationId: 1, name: 'Mrs' }];
    getClientDetailsOnServer.mockResolvedValue(details);
    getSalutationsOnServer.mockResolvedValue(salutations);

    const cache = await browserCacheOf(clientDetailsFirstData());

    expect(cache.getQueryData(clientDetailsQueryKey)).toEqual(details);
    expect(cache.getQueryData(salutationsQueryKey)).toEqual(salutations);
  });

  it('leaves out what the server could not get (not linked, the API down), so the browser asks', async () => {
    getClientDetailsOnServer.mockResolvedValue(undefined);
    getSalutationsOnServer.mockResolvedValue([{ salutationId: 1, name: 'Mrs' }]);

    const cache = await browserCacheOf(clientDetailsFirstData());

    expect(
      cache
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([salutationsQueryKey]);
  });
});

describe('contactPreferencesFirstData', () => {
  it("gives the client's preferences under the key the browser's query reads", async () => {
    const preferences = { preferences: [], lastConfirmedAt: null };
    getContactPreferencesOnServer.mockResolvedValue(preferences);

    expect(
      (await browserCacheOf(contactPreferencesFirstData('COMPLETED'))).getQueryData(
        contactPreferencesQueryKey,
      ),
    ).toEqual(preferences);
  });

  it('leaves them out when the server could not get them, so the browser asks', async () => {
    getContactPreferencesOnServer.mockResolvedValue(undefined);

    expect((await browserCacheOf(contactPreferencesFirstData('COMPLETED'))).getQueryCache().getAll()).toEqual(
      [],
    );
  });

  it.each(['NOT_STARTED', 'STARTED', undefined] as const)(
    'does not ask the API for someone whose activation is %s (R4.2: it would refuse)',
    async (activationStatus) => {
      expect(
        (await browserCacheOf(contactPreferencesFirstData(activationStatus))).getQueryCache().getAll(),
      ).toEqual([]);
      expect(getContactPreferencesOnServer).not.toHaveBeenCalled();
    },
  );
});
