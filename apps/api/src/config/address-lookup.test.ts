import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal', NODE_ENV: 'development' };
const production = { ...productionEnv, DATABASE_URL: local.DATABASE_URL };
const key = 'ak_test0123456789';
const idealPostcodes = { ADDRESS_PROVIDER: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: key };

describe('the address lookup settings (decision 0098)', () => {
  it('answers from the demo table locally, and has no lookup in production unless one is named', () => {
    expect(loadConfig(local).addressLookup).toEqual({ provider: 'demo' });
    expect(loadConfig(production).addressLookup).toEqual({ provider: 'off' });
    expect(loadConfig({ ...local, ADDRESS_PROVIDER: 'off' }).addressLookup).toEqual({ provider: 'off' });
  });

  it('refuses the demo table in production', () => {
    expect(problemsOf({ ...production, ADDRESS_PROVIDER: 'demo' })).toEqual([
      expect.stringMatching(/^ADDRESS_PROVIDER must be off, demo or ideal-postcodes/),
    ]);
  });

  it('asks Ideal Postcodes with its key, at its documented address unless told, within 2 s by default', () => {
    expect(loadConfig({ ...production, ...idealPostcodes }).addressLookup).toEqual({
      provider: 'ideal-postcodes',
      apiKey: key,
      apiUrl: 'https://api.ideal-postcodes.co.uk',
      timeoutMs: 2000,
    });
    expect(
      loadConfig({
        ...local,
        ...idealPostcodes,
        IDEAL_POSTCODES_API_URL: 'http://127.0.0.1:4555/',
        ADDRESS_LOOKUP_TIMEOUT_MS: '500',
      }).addressLookup,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4555', timeoutMs: 500 });
  });

  it('needs the key, https in production and a sane timeout, and never names the key’s value', () => {
    expect(problemsOf({ ...local, ADDRESS_PROVIDER: 'ideal-postcodes' })).toEqual([
      expect.stringMatching(/^IDEAL_POSTCODES_API_KEY is required/),
    ]);
    const problems = problemsOf({
      ...production,
      ...idealPostcodes,
      IDEAL_POSTCODES_API_KEY: 'ak_with space&more',
      IDEAL_POSTCODES_API_URL: 'http://api.ideal-postcodes.co.uk',
      ADDRESS_LOOKUP_TIMEOUT_MS: '60000',
    });
    expect([...problems].sort()).toEqual([
      expect.stringMatching(/^ADDRESS_LOOKUP_TIMEOUT_MS must be a whole number of milliseconds from 100/),
      expect.stringMatching(/^IDEAL_POSTCODES_API_KEY must be/),
      expect.stringMatching(/^IDEAL_POSTCODES_API_URL must be .*https in production/),
    ]);
    expect(problems.join('\n')).not.toContain('with space');
  });
});
