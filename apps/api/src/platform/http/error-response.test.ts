import { describe, expect, it } from 'vitest';
import {
  badRequest,
  conflict,
  forbidden,
  INTERNAL_ERROR_MESSAGE,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from './errors.ts';
import { toErrorResponse } from './error-response.ts';

describe('toErrorResponse', () => {
  it.each([
    [badRequest('Bad'), 400, 'Bad Request'],
    [unauthorized(), 401, 'Unauthorized'],
    [forbidden(), 403, 'Forbidden'],
    [notFound(), 404, 'Not Found'],
    [conflict('Taken'), 409, 'Conflict'],
    [tooManyRequests(), 429, 'Too Many Requests'],
    [serviceUnavailable(), 503, 'Service Unavailable'],
  ])('maps a typed problem to its status (%#)', (problem, statusCode, error) => {
    expect(toErrorResponse(problem)).toEqual({
      statusCode,
      body: { statusCode, error, message: problem.message },
      isExpected: true,
    });
  });

  it('keeps the issues of a bad request', () => {
    const issues = [{ path: 'email', message: 'Invalid email address' }];
    expect(toErrorResponse(badRequest('Check the form.', issues)).body.issues).toEqual(issues);
  });

  it("keeps Fastify's own client errors", () => {
    const error = Object.assign(new Error('Unsupported Media Type: text/csv'), { statusCode: 415 });
    expect(toErrorResponse(error)).toMatchObject({
      statusCode: 415,
      body: { statusCode: 415, error: 'Unsupported Media Type', message: 'Unsupported Media Type: text/csv' },
    });
  });

  it('hides everything else behind a bare 500', () => {
    for (const thrown of [
      new Error('connect ECONNREFUSED 10.0.0.5:5432'),
      Object.assign(new Error('upstream exploded'), { statusCode: 502 }),
      'a string',
      null,
    ]) {
      expect(toErrorResponse(thrown)).toEqual({
        statusCode: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE },
        isExpected: false,
      });
    }
  });

  it('answers 503 when the database cannot be reached, whatever layer wrapped the error', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });
    for (const thrown of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
      new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]),
    ]) {
      expect(toErrorResponse(thrown)).toEqual({
        statusCode: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: serviceUnavailable().message },
        isExpected: true,
      });
    }
    expect(toErrorResponse(pgError('23505', 'duplicate key')).statusCode).toBe(500);
  });
});
