import { machineGrantKinds } from '@vet/contracts/machine-access';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { problemsOf } from './testing/config-problems.ts';

const DATABASE_URL = 'postgres://localhost/portal';
const local = { DATABASE_URL, NODE_ENV: 'development' };
const production = { ...productionEnv, DATABASE_URL };

describe('the integration API settings (decision 0062)', () => {
  it('accept no machine caller unless named, and point at the embedded token endpoint', () => {
    expect(loadConfig(local).integration).toEqual({
      clientIds: [],
      grants: [],
      scope: 'practice-system',
      issuer: 'http://localhost:4100',
      tokenUrl: 'http://localhost:4100/oauth/token',
      rateLimitMax: 60_000,
      failuresPerAddress: 30,
    });
    expect(loadConfig({ ...local, EMBEDDED_ISSUER: 'http://localhost:4999' }).integration.tokenUrl).toBe(
      'http://localhost:4999/oauth/token',
    );
  });

  it('read every variable', () => {
    const config = loadConfig({
      ...production,
      INTEGRATION_CLIENT_IDS: ' pms-north ',
      INTEGRATION_SCOPE: 'api://portal/practice-system',
      INTEGRATION_TOKEN_URL: 'https://login.vets.example/oauth2/token',
      INTEGRATION_RATE_LIMIT_MAX: '12000',
      INTEGRATION_FAILURES_PER_ADDRESS: '5',
    });
    expect(config.integration).toEqual({
      clientIds: ['pms-north'],
      grants: [],
      scope: 'api://portal/practice-system',
      issuer: 'https://login.vets.example',
      tokenUrl: 'https://login.vets.example/oauth2/token',
      rateLimitMax: 12_000,
      failuresPerAddress: 5,
    });
  });

  it('refuse a second machine client: its tokens could write every practice too', () => {
    expect(problemsOf({ ...local, INTEGRATION_CLIENT_IDS: 'pms-north, pms-south' })).toEqual([
      expect.stringMatching(
        /^INTEGRATION_CLIENT_IDS must be the client id of the practice system .* one only/,
      ),
    ]);
  });

  it('refuse bad values, naming each variable', () => {
    const problems = problemsOf({
      ...local,
      INTEGRATION_CLIENT_IDS: 'pms, ,two words',
      INTEGRATION_SCOPE: 'two scopes',
      INTEGRATION_TOKEN_URL: 'ftp://login.example/token',
      INTEGRATION_RATE_LIMIT_MAX: '0',
    });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'INTEGRATION_CLIENT_IDS',
      'INTEGRATION_SCOPE',
      'INTEGRATION_TOKEN_URL',
      'INTEGRATION_RATE_LIMIT_MAX',
    ]);
  });

  it('in production, need the real provider’s https token endpoint once machine callers are named', () => {
    expect(loadConfig(production).integration.clientIds).toEqual([]);
    expect(problemsOf({ ...production, INTEGRATION_CLIENT_IDS: 'pms' })).toEqual([
      expect.stringMatching(/^INTEGRATION_TOKEN_URL is required: /),
    ]);
    expect(
      problemsOf({
        ...production,
        INTEGRATION_CLIENT_IDS: 'pms',
        INTEGRATION_TOKEN_URL: 'http://login.vets.example/token',
      }),
    ).toEqual([expect.stringMatching(/^INTEGRATION_TOKEN_URL must be /)]);
  });

  it('read each machine client’s grant (decision 0105): some practices and kinds, or all said explicitly', () => {
    const config = loadConfig({
      ...local,
      INTEGRATION_CLIENT_IDS: 'pms-group',
      INTEGRATION_CLIENT_GRANTS: JSON.stringify([
        { client: 'pms-north', practices: ['PRAC-0001', 'PRAC-0002'], kinds: ['clients', 'events'] },
        { client: 'pms-reader', practices: 'all', kinds: ['events'] },
        { client: 'pms-south', practices: ['PRAC-0003'], kinds: 'all' },
      ]),
    });
    expect(config.integration.clientIds).toEqual(['pms-group']);
    expect(config.integration.grants).toEqual([
      { clientId: 'pms-north', practices: ['PRAC-0001', 'PRAC-0002'], kinds: ['clients', 'events'] },
      { clientId: 'pms-reader', practices: 'all', kinds: ['events'] },
      {
        clientId: 'pms-south',
        practices: ['PRAC-0003'],
        kinds: [...machineGrantKinds],
      },
    ]);
  });

  it('refuse a grant that is not JSON, names an unknown kind, grants nothing, or repeats a client', () => {
    const grants = (value: unknown) =>
      problemsOf({
        ...local,
        INTEGRATION_CLIENT_GRANTS: typeof value === 'string' ? value : JSON.stringify(value),
      });
    const bad = [
      'pms-north:PRAC-0001',
      [{ client: 'pms', practices: 'all', kinds: ['bookings'] }],
      [{ client: 'pms', practices: [], kinds: 'all' }],
      [{ client: 'pms', practices: 'some', kinds: 'all' }],
      [{ client: 'pms', practices: 'all', kinds: 'all', extra: true }],
      [
        { client: 'pms', practices: 'all', kinds: 'all' },
        { client: 'pms', practices: ['P1'], kinds: ['events'] },
      ],
    ];
    for (const value of bad)
      expect(
        grants(value).map((problem) => problem.split(' ')[0]),
        JSON.stringify(value),
      ).toEqual(['INTEGRATION_CLIENT_GRANTS']);
    expect(
      problemsOf({
        ...local,
        INTEGRATION_CLIENT_IDS: 'pms',
        INTEGRATION_CLIENT_GRANTS: JSON.stringify([{ client: 'pms', practices: ['P1'], kinds: ['events'] }]),
      }),
    ).toEqual([expect.stringMatching(/^INTEGRATION_CLIENT_GRANTS .*not also in INTEGRATION_CLIENT_IDS/)]);
  });

  it('in production, need the https token endpoint for granted clients too', () => {
    const grants = JSON.stringify([{ client: 'pms-north', practices: ['P1'], kinds: ['events'] }]);
    expect(problemsOf({ ...production, INTEGRATION_CLIENT_GRANTS: grants })).toEqual([
      expect.stringMatching(/^INTEGRATION_TOKEN_URL is required: /),
    ]);
  });

  /** Security round four (decision 0140): grants are keyed by client id, so by one issuer's client ids. */
  describe('the issuer of the machine clients', () => {
    const two = JSON.stringify([
      { issuer: 'http://login.a.example', audience: 'api' },
      { issuer: 'http://login.b.example', audience: 'api' },
    ]);
    const clients = { ...local, AUTH_ISSUERS: two, INTEGRATION_CLIENT_IDS: 'pms-north' };

    it('is the one trusted issuer, unless named', () => {
      expect(loadConfig({ ...local, AUTH_ISSUERS: two }).integration.issuer).toBe('http://login.a.example');
      const named = loadConfig({ ...clients, INTEGRATION_ISSUER: 'http://login.b.example' });
      expect(named.integration.issuer).toBe('http://login.b.example');
    });

    it('must be named when two issuers are trusted and a machine client is, and be one of them', () => {
      expect(problemsOf(clients)).toEqual([
        expect.stringMatching(/^INTEGRATION_ISSUER is required: the issuer \(one of AUTH_ISSUERS’\)/),
      ]);
      expect(problemsOf({ ...clients, INTEGRATION_ISSUER: 'http://login.c.example' })).toEqual([
        expect.stringMatching(/^INTEGRATION_ISSUER must be the issuer \(one of AUTH_ISSUERS’\)/),
      ]);
    });
  });
});
