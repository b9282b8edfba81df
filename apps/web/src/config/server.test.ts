import { runtimeConfigSchema, telemetryConfigSchema } from '@vet/contracts/runtime-config';
import { describe, expect, it } from 'vitest';
import { toRuntimeConfig, toTelemetryConfig } from './public-config';
import { InvalidServerConfigError, parseServerConfig } from './server';

describe('parseServerConfig', () => {
  it('applies the defaults when nothing is set', () => {
    expect(parseServerConfig({})).toEqual({
      apiUrl: 'http://127.0.0.1:4000',
      brandName: 'Harbour Vets',
      portalUrl: 'http://localhost:3000',
      auth: {
        domain: 'http://localhost:4100',
        clientId: 'client-portal',
        audience: 'http://localhost:4000',
        scope: 'openid profile email offline_access',
      },
      errorReportingUrl: '/bff/telemetry/render-errors',
    });
  });

  it('treats empty values as unset and trims a trailing slash from API_URL', () => {
    const config = parseServerConfig({ API_URL: 'https://api.example.test/', BRAND_NAME: '' });
    expect(config.apiUrl).toBe('https://api.example.test');
    expect(config.brandName).toBe('Harbour Vets');
  });

  it('refuses bad values, listing every bad variable', () => {
    let thrown: unknown;
    try {
      parseServerConfig({
        API_URL: 'not a url',
        PORTAL_URL: 'ftp://portal.example.test',
        ERROR_REPORTING_URL: '//evil.example.test/x',
        BRAND_NAME: '   ',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidServerConfigError);
    const problems = (thrown as InvalidServerConfigError).problems.join('\n');
    for (const name of ['API_URL', 'PORTAL_URL', 'ERROR_REPORTING_URL', 'BRAND_NAME']) {
      expect(problems).toContain(name);
    }
  });
});

describe('public configuration', () => {
  const config = parseServerConfig({ API_URL: 'http://internal-api:4000' });

  it('tells the browser the proxy path, never the internal API URL', () => {
    const runtimeConfig = toRuntimeConfig(config);
    expect(runtimeConfigSchema.parse(runtimeConfig)).toEqual(runtimeConfig);
    expect(runtimeConfig.apiUrl).toBe('/bff');
    expect(JSON.stringify(runtimeConfig)).not.toContain('internal-api');
  });

  it('gives the telemetry tags of the spec', () => {
    expect(telemetryConfigSchema.parse(toTelemetryConfig(config))).toEqual({
      errorReportingUrl: '/bff/telemetry/render-errors',
      applicationTag: 'clientPortalFE',
      version: '3.5.3',
    });
  });
});
