import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'development' };

describe('the metrics’ configuration', () => {
  it('serves no metrics unless METRICS_PORT is set, and listens on the loopback address by default', () => {
    expect(loadConfig(local).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ ...local, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...local, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('refuses a port that is not one, or the public port itself', () => {
    expect(problemsOf({ ...local, METRICS_PORT: 'ninety' })).toEqual([
      expect.stringMatching(/^METRICS_PORT must be a port number from 1 to 65535, not API_PORT's/),
    ]);
    expect(problemsOf({ ...local, API_PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      expect.stringMatching(/^METRICS_PORT must be/),
    ]);
  });
});
