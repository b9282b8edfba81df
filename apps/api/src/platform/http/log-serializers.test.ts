import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, pathWithoutQuery, serializeError, serializeRequest } from './log-serializers.ts';

const personalQuery = '/pre-signup/check?email=jane.doe%40example.com&lastName=Doe&postcode=SW1A%201AA';

describe('serializeRequest', () => {
  it('logs the path and route of a URL without its query string', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: personalQuery,
      routeOptions: { url: '/pre-signup/check' },
    });
    expect(logged).toEqual({ method: 'GET', url: '/pre-signup/check', route: '/pre-signup/check' });
    expect(JSON.stringify(logged)).not.toMatch(/email|jane|lastName|Doe|SW1A/);
  });

  it('leaves the route unset for an unknown route', () => {
    expect(serializeRequest({ method: 'POST', url: '/nowhere?x=1' })).toEqual({
      method: 'POST',
      url: '/nowhere',
      route: undefined,
    });
  });

  it('logs the route’s template in place of the path, so no id in the path is logged', () => {
    const logged = serializeRequest({
      method: 'POST',
      url: '/guest/soft-bookings/3f0c9a52-6f1e-4c8e-9d7a-2b1e5c4d7a90/extend',
      routeOptions: { url: '/guest/soft-bookings/:softBookingId/extend' },
    });
    expect(logged).toEqual({
      method: 'POST',
      url: '/guest/soft-bookings/:softBookingId/extend',
      route: '/guest/soft-bookings/:softBookingId/extend',
    });
  });

  it('logs only the first segment of a path no route matched', () => {
    const hold = '3f0c9a52-6f1e-4c8e-9d7a-2b1e5c4d7a90';
    expect(serializeRequest({ method: 'GET', url: `/guest/soft-bookings/${hold}/x?y=1` }).url).toBe(
      '/guest/…',
    );
    expect(serializeRequest({ method: 'GET', url: '/no-such-route?email=x' }).url).toBe('/no-such-route');
  });

  it('strips a query or fragment wherever it starts', () => {
    expect(pathWithoutQuery('/a/b')).toBe('/a/b');
    expect(pathWithoutQuery('/a?')).toBe('/a');
    expect(pathWithoutQuery('/a#x?y')).toBe('/a');
  });
});

describe('serializeError', () => {
  it('logs a failed query without its parameters', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "clients_email_uq"'),
      {
        code: '23505',
        severity: 'ERROR',
        table: 'clients',
        constraint: 'clients_email_uq',
        detail: 'Key (email_key)=(jane.doe@example.com) already exists.',
      },
    );
    const failed = Object.assign(
      new Error('Failed query: insert into clients (email) values ($1)\nparams: jane.doe@example.com', {
        cause,
      }),
      { query: 'insert into clients (email) values ($1)', params: ['jane.doe@example.com'] },
    );
    const logged = serializeError(failed);
    expect(logged.message).toBe('Failed query: insert into clients (email) values ($1)');
    expect(logged.cause).toMatchObject({ code: '23505', table: 'clients', constraint: 'clients_email_uq' });
    expect(JSON.stringify(logged)).not.toContain('jane.doe');
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('redacts the input quoted at the end of a conversion error', () => {
    const logged = serializeError(new Error('invalid input syntax for type integer: "Jane Doe"'));
    expect(logged.message).toBe('invalid input syntax for type integer: "[redacted]"');
  });

  it('describes a thrown non-Error', () => {
    expect(serializeError('just a string')).toMatchObject({ type: 'string' });
  });
});

describe('the request log of a Fastify app', () => {
  it('carries no query string, no credentials and no body', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
    app.post('/echo', (request) => {
      // Even a handler that logs the request's headers must not leak credentials.
      request.log.info({ headers: request.headers }, 'headers seen');
      request.log.info({ req: { headers: request.headers } }, 'request headers seen');
      return { ok: true };
    });
    const response = await app.inject({
      method: 'POST',
      url: '/echo?email=jane.doe%40example.com&lastName=Doe',
      headers: { authorization: 'Bearer secret-token', cookie: 'session=secret-cookie' },
      payload: { firstName: 'Jane', mobile: '07700900123' },
    });
    await app.close();

    expect(response.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('"url":"/echo"');
    expect(log).toContain('"route":"/echo"');
    for (const secret of ['jane.doe', 'lastName', 'secret-token', 'secret-cookie', '07700900123', 'Jane']) {
      expect(log).not.toContain(secret);
    }
  });
});
