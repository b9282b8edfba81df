import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedResponseError } from '@/shared/api/api-client';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

const apiError = (status: number) => new ApiError('/bff/x', status, undefined);

describe('shouldRetryQuery', () => {
  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it.each([408, 429, 500, 502, 503, 504])('retries a %i', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(true);
  });

  it('retries network errors up to 3 times', () => {
    const networkError = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, networkError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('does not retry a response of the wrong shape', () => {
    expect(shouldRetryQuery(0, new UnexpectedResponseError('/bff/x', 200, []))).toBe(false);
  });
});

describe('queryRetryDelay', () => {
  it('doubles from one second and stops at 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('createQueryClient', () => {
  it('applies the defaults of R9.4 and R9.5', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(180_000);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.refetchOnWindowFocus).toBeUndefined();
    expect(mutations?.retry).toBe(0);
  });
});
