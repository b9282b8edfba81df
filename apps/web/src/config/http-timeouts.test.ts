import { createServer } from 'node:http';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpTimeoutsOf } from './http-timeouts.mjs';

describe('the web server’s timeouts (decision 0127)', () => {
  it('keeps the values the web always had when unset', () => {
    expect(httpTimeoutsOf({})).toEqual({ keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000 });
    expect(httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '' })).toEqual({
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 66_000,
    });
  });

  it('takes them from the environment, headers a second above the keep-alive unless set', () => {
    expect(
      httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '620', LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '600' }),
    ).toEqual({ keepAliveTimeoutMs: 620_000, headersTimeoutMs: 621_000 });
    expect(httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '90', HEADERS_TIMEOUT_SECONDS: '30' })).toEqual({
      keepAliveTimeoutMs: 90_000,
      headersTimeoutMs: 30_000,
    });
  });

  it('refuses a keep-alive the load balancer outlasts, and values out of range, naming each', () => {
    expect(() => httpTimeoutsOf({ LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '600' })).toThrow(
      /LOAD_BALANCER_IDLE_TIMEOUT_SECONDS must be below KEEP_ALIVE_TIMEOUT_SECONDS \(unset: 65\)/,
    );
    expect(() =>
      httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '300', LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '300' }),
    ).toThrow(/LOAD_BALANCER_IDLE_TIMEOUT_SECONDS must be below/);
    let message = '';
    try {
      httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '0', HEADERS_TIMEOUT_SECONDS: '1m' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('the web server will not start');
    expect(message).toContain('KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600');
    expect(message).toContain('HEADERS_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600');
  });

  it('what it returns, set as server.mjs sets it, closes an idle kept-alive connection in time', async () => {
    const timeouts = httpTimeoutsOf({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    const server = createServer((_request, response) => response.end('ok'));
    server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
    server.headersTimeout = timeouts.headersTimeoutMs;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.write('GET / HTTP/1.1\r\nHost: portal\r\n\r\n');
      // Closed by the server, well within the test's own timeout: the 65 s default would not be.
      await once(socket, 'close');
      expect(received).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
    } finally {
      server.close();
    }
  });
});
