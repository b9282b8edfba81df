import { describe, expect, it } from 'vitest';
import { findTarget, modeOf } from './operator-mode.ts';

describe('production or a local run (decision 0097)', () => {
  it('takes NODE_ENV when it is set, wherever the database is', () => {
    expect(modeOf('production', true)).toEqual({ production: true });
    expect(modeOf('development', false)).toEqual({ production: false });
    expect(modeOf('test', false)).toEqual({ production: false });
  });

  it('is production with DATABASE_URL and NODE_ENV unset, saying why; a local run with npm start’s database', () => {
    expect(modeOf(undefined, false)).toMatchObject({
      production: true,
      productionNote: expect.stringMatching(
        /^NODE_ENV is unset, which means production with DATABASE_URL/,
      ) as string,
    });
    expect(modeOf(undefined, true)).toEqual({ production: false });
  });

  it('uses DATABASE_URL as given, and says it is missing where there is no checkout to look in', async () => {
    const url = 'postgres://portal_app@db/portal';
    expect(await findTarget({ databaseUrl: url, nodeEnv: undefined }, '/nowhere')).toMatchObject({
      databaseUrl: url,
      local: false,
      production: true,
    });
    expect(await findTarget({ databaseUrl: undefined, nodeEnv: undefined }, undefined)).toEqual({
      problem: 'DATABASE_URL is not set: it names the portal’s database.',
    });
  });
});
