import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '@vet/contracts/testing/console-errors';
import { createServerLog, requestContextKey, requestIdOf, serializeError, serverLog } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const write = (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>);
  return { lines, log: createServerLog({ write }) };
}

const requestId = '4bf92f3577b34da6a3ce929d0e0e4736';

describe("the web server's log", () => {
  afterEach(() => {
    delete (globalThis as { [requestContextKey]?: unknown })[requestContextKey];
  });

  it("writes JSON lines, each line of a request with the id the portal's server gave it", () => {
    const { lines, log } = capture();
    // What server.mjs does around each request.
    const context = new AsyncLocalStorage<{ requestId: string }>();
    (globalThis as { [requestContextKey]?: unknown })[requestContextKey] = context;
    context.run({ requestId }, () => log.warn('BFF: GET /client timed out'));
    log.info('between requests');
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, app: 'web', reqId: requestId, msg: 'BFF: GET /client timed out' }),
      expect.not.objectContaining({ reqId: expect.anything() as unknown }),
    ]);
  });

  it('reads a request id only of its shape from the header (the browser may send one to next start)', () => {
    expect(requestIdOf(new Headers({ 'x-request-id': requestId }))).toBe(requestId);
    expect(requestIdOf(new Headers({ 'x-request-id': 'forged", "level": 60' }))).toBeUndefined();
    expect(requestIdOf(new Headers())).toBeUndefined();
  });

  it("logs an error's type and frames, its message without query strings or personal data", () => {
    const error = new TypeError(
      'Failed to parse URL from http://api:4000/pre-signup/check?email=olivia%40example.com&lastName=Shah',
    );
    const logged = serializeError(error);
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('Failed to parse URL from http://api:4000/pre-signup/check?…');
    expect(serializeError(new Error('no account for olivia@example.com')).message).toBe(
      'no account for [email]',
    );
    expect(logged.stack).toMatch(/^\s+at /);
    const { lines, log } = capture();
    log.error({ err: error }, 'failed');
    expect(JSON.stringify(lines)).not.toContain('olivia');
  });

  it("writes through the console in a test run, where the run's log check and console-error guard see it", () => {
    expectConsoleError(/^\{"level":50,.*"msg":"seen by the log check"\}$/);
    serverLog.error('seen by the log check');
  });
});
