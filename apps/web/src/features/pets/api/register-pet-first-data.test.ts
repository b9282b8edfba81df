import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserCacheOf } from '@/testing/browser-cache';
import { insurersQueryKey } from './insurers-query-key';
import { registerPetFirstData } from './register-pet-first-data';
import { speciesQueryKey } from './species-query-key';

const getSpeciesOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-species-on-server', () => ({ getSpeciesOnServer }));
const getInsurersOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-insurers-on-server', () => ({ getInsurersOnServer }));

beforeEach(() => {
  getSpeciesOnServer.mockReset();
  getInsurersOnServer.mockReset();
});

const browserCache = () => browserCacheOf(registerPetFirstData());

describe('registerPetFirstData', () => {
  it("gives the species and the insurers under the keys the form's queries read", async () => {
    const species = [{ speciesId: 1, name: 'Dog', code: 'DOG' }];
    const insurers = [{ insurerId: 3, name: 'Petplan' }];
    getSpeciesOnServer.mockResolvedValue(species);
    getInsurersOnServer.mockResolvedValue(insurers);

    const cache = await browserCache();

    expect(cache.getQueryData(speciesQueryKey)).toEqual(species);
    expect(cache.getQueryData(insurersQueryKey)).toEqual(insurers);
  });

  it('leaves out a list the server could not get (the API down), so the browser asks for it', async () => {
    getSpeciesOnServer.mockResolvedValue(undefined);
    getInsurersOnServer.mockResolvedValue([{ insurerId: 3, name: 'Petplan' }]);

    const cache = await browserCache();

    expect(
      cache
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([insurersQueryKey]);
  });
});
