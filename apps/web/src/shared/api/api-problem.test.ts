import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiProblem } from './api-problem';

const failed = (status: number, body: unknown) => new ApiError('/bff/client', status, body);

describe('apiProblem', () => {
  it('reads the message and field issues of the API’s error shape', () => {
    const issues = [{ path: 'postcode', message: 'Enter a UK postcode.' }];
    const body = { statusCode: 400, error: 'Bad Request', message: 'Check the form.', issues };

    expect(apiProblem(failed(400, body))).toEqual({
      status: 400,
      message: 'Check the form.',
      issues,
      code: null,
    });
  });

  it('reads the code that says what to do instead (decision 0098)', () => {
    const body = {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Type it.',
      code: 'address_lookup_off',
    };

    expect(apiProblem(failed(503, body))).toMatchObject({ status: 503, code: 'address_lookup_off' });
    expect(apiProblem(failed(503, { ...body, code: 7 })).code).toBeNull();
  });

  it('has no issues when the API sent none', () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'That time has just been taken.' };

    expect(apiProblem(failed(409, body))).toEqual({
      status: 409,
      message: 'That time has just been taken.',
      issues: [],
      code: null,
    });
  });

  it.each([
    ['a gateway’s text', 'Bad gateway'],
    ['no body', undefined],
    ['a message that is not text', { message: 42 }],
    ['issues that are not a list', { message: 'Check the form.', issues: 'postcode' }],
    ['an issue without a path', { message: 'Check the form.', issues: [{ message: 'Enter it.' }] }],
  ])('keeps only the status for %s', (_, body) => {
    expect(apiProblem(failed(502, body))).toEqual({ status: 502, message: null, issues: [], code: null });
  });

  it('has no status for a call that never got an answer', () => {
    expect(apiProblem(new TypeError('Failed to fetch'))).toEqual({
      status: null,
      message: null,
      issues: [],
      code: null,
    });
  });
});
