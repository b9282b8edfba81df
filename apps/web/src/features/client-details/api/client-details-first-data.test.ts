import { hydrate, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clientDetailsFirstData } from './client-details-first-data';
import { clientDetailsQueryKey } from './query-keys';

const getClientDetailsOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-client-details-on-server', () => ({ getClientDetailsOnServer }));

beforeEach(() => getClientDetailsOnServer.mockReset());

async function browserCache() {
  const queryClient = new QueryClient();
  hydrate(queryClient, await clientDetailsFirstData());
  return queryClient;
}

describe('clientDetailsFirstData', () => {
  it("gives the client's details under the key the browser's query reads", async () => {
    const details = { clientId: 7, firstName: 'Olivia' };
    getClientDetailsOnServer.mockResolvedValue(details);

    expect((await browserCache()).getQueryData(clientDetailsQueryKey)).toEqual(details);
  });

  it('leaves them out when the server could not get them (not linked, the API down), so the browser asks', async () => {
    getClientDetailsOnServer.mockResolvedValue(undefined);

    expect((await browserCache()).getQueryCache().getAll()).toEqual([]);
  });
});
