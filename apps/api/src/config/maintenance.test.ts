import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './api-config.ts';

const local = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'development' };

describe('MAINTENANCE', () => {
  it('is off unless set, and reads on and off', () => {
    expect(loadConfig(local).maintenance).toBe(false);
    expect(loadConfig({ ...local, MAINTENANCE: 'on' }).maintenance).toBe(true);
    expect(loadConfig({ ...local, MAINTENANCE: 'off' }).maintenance).toBe(false);
  });

  it.each(['true', 'ON', '1', 'yes'])(
    'refuses to start on %s, naming the variable and its values',
    (value) => {
      expect(() => loadConfig({ ...local, MAINTENANCE: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...local, MAINTENANCE: value })).toThrow(
        'MAINTENANCE must be on or off (on: every route but /healthz and /readyz answers 503 with Retry-After); unset: off',
      );
    },
  );
});
