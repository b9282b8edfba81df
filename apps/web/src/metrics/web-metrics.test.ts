import { describe, expect, it } from 'vitest';
import { metricsSettings, routeGroup } from './web-metrics.mjs';

describe('the web server’s route groups', () => {
  it('names a handful of groups, never a path', () => {
    expect(routeGroup('/bff/v2/pets/123?include=vaccinations')).toBe('bff');
    expect(routeGroup('/api/auth/callback/azure-ad?code=secret')).toBe('auth');
    expect(routeGroup('/api/config')).toBe('api');
    expect(routeGroup('/_next/static/chunks/app-4f2a.js')).toBe('static');
    expect(routeGroup('/_next/image?url=%2Flogo.png&w=64')).toBe('static');
    expect(routeGroup('/favicon.ico')).toBe('static');
    expect(routeGroup('/healthz')).toBe('probe');
    expect(routeGroup('/readyz?full=1')).toBe('probe');
    expect(routeGroup('/pets/123')).toBe('page');
    expect(routeGroup('/appointments?_rsc=1x2y')).toBe('page');
    expect(routeGroup('/')).toBe('page');
  });
});

describe('the web server’s metrics settings', () => {
  it('serves no metrics without METRICS_PORT, and listens on the loopback address by default', () => {
    expect(metricsSettings({}, 3000)).toBeUndefined();
    expect(metricsSettings({ METRICS_PORT: '' }, 3000)).toBeUndefined();
    expect(metricsSettings({ METRICS_PORT: '9465' }, 3000)).toEqual({ port: 9465, host: '127.0.0.1' });
    expect(metricsSettings({ METRICS_PORT: '9465', METRICS_HOST: '0.0.0.0' }, 3000)).toEqual({
      port: 9465,
      host: '0.0.0.0',
    });
  });

  it('refuses a port that is not one, or the portal’s own', () => {
    for (const bad of ['ninety', '0', '70000', '3000'])
      expect(() => metricsSettings({ METRICS_PORT: bad }, 3000), bad).toThrow(/METRICS_PORT must be a port/);
  });
});
