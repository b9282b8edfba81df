import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildRenderErrorReport,
  resetTelemetryConfigForTests,
  sendRenderErrorReport,
} from './report-render-error';

const telemetryConfig = {
  errorReportingUrl: '/bff/telemetry/render-errors',
  applicationTag: 'clientPortalFE',
  version: '3.5.3',
};

afterEach(() => resetTelemetryConfigForTests());

describe('buildRenderErrorReport', () => {
  it('keeps the message, the digest and the path without its query string', () => {
    const error = Object.assign(new Error('Boom'), { digest: 'abc123' });
    expect(buildRenderErrorReport(error, '/verified?code=123456&clientId=9')).toEqual({
      message: 'Boom',
      digest: 'abc123',
      path: '/verified',
    });
  });

  it('copes with thrown values that are not errors and truncates long messages', () => {
    expect(buildRenderErrorReport({ weird: true }, '/')).toEqual({ message: 'Unknown error', path: '/' });
    expect(buildRenderErrorReport('x'.repeat(2000), '/pets').message).toHaveLength(500);
  });
});

describe('sendRenderErrorReport', () => {
  it('sends the report with sendBeacon to the configured URL', async () => {
    const fetchFn = vi.fn(() => Promise.resolve(Response.json(telemetryConfig)));
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);

    await sendRenderErrorReport({ message: 'Boom', path: '/' }, { fetch: fetchFn, sendBeacon });

    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, blob] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/bff/telemetry/render-errors');
    expect(JSON.parse(await (blob as Blob).text())).toEqual({ message: 'Boom', path: '/' });
  });

  it('falls back to a keepalive fetch when sendBeacon is unavailable', async () => {
    const fetchFn = vi.fn((url: string, _init?: RequestInit) =>
      Promise.resolve(url === '/api/app-insights' ? Response.json(telemetryConfig) : new Response(null)),
    );

    await sendRenderErrorReport(
      { message: 'Boom', path: '/' },
      { fetch: fetchFn as unknown as typeof fetch },
    );

    expect(fetchFn).toHaveBeenLastCalledWith('/bff/telemetry/render-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":"Boom","path":"/"}',
      keepalive: true,
    });
  });

  it('sends nothing when the telemetry configuration cannot be loaded', async () => {
    const fetchFn = vi.fn(() => Promise.reject(new TypeError('offline')));
    const sendBeacon = vi.fn(() => true);

    await sendRenderErrorReport({ message: 'Boom', path: '/' }, { fetch: fetchFn, sendBeacon });

    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
