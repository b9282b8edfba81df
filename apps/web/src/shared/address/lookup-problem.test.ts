import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { lookupProblem } from './lookup-problem';

const failed = (status: number, body: unknown) => new ApiError('/bff/address-lookup', status, body);
const typeIt = 'Address search is not available just now: type your address.';

describe('lookupProblem (decision 0098)', () => {
  it('stops offering the search when the portal has no lookup', () => {
    const body = { statusCode: 503, error: 'Service Unavailable', message: 'x', code: 'address_lookup_off' };
    expect(lookupProblem(failed(503, body))).toEqual({
      message: 'Address search is not available: type your address.',
      kind: 'off',
    });
  });

  it.each([
    [
      'the provider failing',
      failed(503, { statusCode: 503, message: typeIt, code: 'address_lookup_unavailable' }),
    ],
    ['a gateway’s page', failed(502, '<html>Bad gateway</html>')],
    ['a bug', failed(500, { statusCode: 500, message: 'Something went wrong.' })],
    ['no answer at all', new TypeError('Failed to fetch')],
  ])('sends the person to the fields on %s', (_case, error) => {
    expect(lookupProblem(error)).toEqual({ message: typeIt, kind: 'unavailable' });
  });

  it('says a 4xx’s own words (too many searches)', () => {
    const body = { statusCode: 429, message: 'Too many attempts. Please try again in 9 minutes.' };
    expect(lookupProblem(failed(429, body))).toEqual({ message: body.message, kind: 'refused' });
  });
});
