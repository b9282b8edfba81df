import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './api-config.ts';

const base = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'test' };

function problems(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the config was accepted');
}

describe('the process kind and its timeouts (decisions 0126, 0127)', () => {
  it('defaults to one process doing everything, with the timeouts the API always had', () => {
    expect(loadConfig(base).process).toEqual({
      role: 'all',
      http: { keepAliveTimeoutMs: 72_000, headersTimeoutMs: 60_000 },
    });
  });

  it('takes a role and timeouts from the environment', () => {
    const config = loadConfig({
      ...base,
      PORTAL_ROLE: 'worker',
      KEEP_ALIVE_TIMEOUT_SECONDS: '620',
      HEADERS_TIMEOUT_SECONDS: '30',
      LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '600',
    });
    expect(config.process).toEqual({
      role: 'worker',
      http: { keepAliveTimeoutMs: 620_000, headersTimeoutMs: 30_000 },
    });
  });

  it('refuses a keep-alive that the load balancer would outlast (Google Cloud: 600 s)', () => {
    expect(problems({ LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '600' })).toContain(
      'LOAD_BALANCER_IDLE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, below KEEP_ALIVE_TIMEOUT_SECONDS (unset: 72)',
    );
    expect(
      problems({ KEEP_ALIVE_TIMEOUT_SECONDS: '60', LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '60' }),
    ).toContain('LOAD_BALANCER_IDLE_TIMEOUT_SECONDS must be');
  });

  it('refuses an unknown role and timeouts out of range, naming each', () => {
    const message = problems({
      PORTAL_ROLE: 'queue',
      HEADERS_TIMEOUT_SECONDS: '0',
      KEEP_ALIVE_TIMEOUT_SECONDS: '5s',
    });
    expect(message).toContain('PORTAL_ROLE must be one of all, http, worker');
    expect(message).toContain('HEADERS_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600');
    expect(message).toContain('KEEP_ALIVE_TIMEOUT_SECONDS must be');
  });
});
