import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './api-config.ts';

const base = { DATABASE_URL: 'postgresql://localhost/portal', NODE_ENV: 'development' };
const entry = {
  name: 'ezyvet-north',
  system: 'ezyvet',
  practices: ['PR-1', 'PR-2'],
  base_url: 'https://api.trial.ezyvet.com/',
  settings: { site_id: 1 },
  credentials: { client_id: 'EZYVET_CLIENT_ID', client_secret: 'EZYVET_CLIENT_SECRET' },
};

/** PRACTICE_CONNECTORS (decision 0106): the connectors, their credentials read from the variables named. */
describe('PRACTICE_CONNECTORS', () => {
  it('reads each connector with the credentials its variables hold', () => {
    const config = loadConfig({
      ...base,
      PRACTICE_CONNECTORS: JSON.stringify([entry]),
      EZYVET_CLIENT_ID: 'id-1',
      EZYVET_CLIENT_SECRET: 'secret-1',
    });
    expect(config.connectors).toEqual([
      {
        name: 'ezyvet-north',
        system: 'ezyvet',
        practices: ['PR-1', 'PR-2'],
        baseUrl: 'https://api.trial.ezyvet.com',
        settings: { site_id: 1 },
        credentials: { client_id: 'id-1', client_secret: 'secret-1' },
        pollSeconds: 15,
        alert: { failedPasses: 3, lagSeconds: 900 },
      },
    ]);
  });

  it('names a credential variable that is unset, never its value', () => {
    const load = () =>
      loadConfig({ ...base, PRACTICE_CONNECTORS: JSON.stringify([entry]), EZYVET_CLIENT_ID: 'id-1' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/EZYVET_CLIENT_SECRET is required/);
  });

  it.each([
    ['not JSON', '[{'],
    ['an unknown system', JSON.stringify([{ ...entry, system: 'rxworks' }])],
    ['a practice served twice', JSON.stringify([entry, { ...entry, name: 'other' }])],
    [
      'a secret written in the variable',
      JSON.stringify([{ ...entry, credentials: { client_secret: 's3cr3t!' } }]),
    ],
  ])('refuses %s', (_what, value) => {
    expect(() => loadConfig({ ...base, PRACTICE_CONNECTORS: value })).toThrow(/PRACTICE_CONNECTORS must be/);
  });
});
