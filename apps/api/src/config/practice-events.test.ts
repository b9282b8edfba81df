import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { noPrivateHosts } from '@vet/practice-events/endpoint-address';
import { developmentSecretKeys } from '@vet/practice-events/secret-box';
import { productionEnv } from '../testing/production-env.ts';
import { problemsOf } from './testing/config-problems.ts';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

const local = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'development' };

describe('the event dispatcher settings (decision 0067)', () => {
  it('default to a 10 s deadline, 64 KiB answers, 5 s doubling to 10 minutes, three days, four at once', () => {
    expect(loadConfig(local).practiceEvents).toEqual({
      limits: { timeoutMs: 10_000, maxResponseBytes: 65_536 },
      // An endpoint with only failures for five days is disabled (decision 0139).
      retry: {
        baseMs: 5000,
        maxMs: 600_000,
        giveUpAfterMs: 72 * 3600_000,
        disableEndpointAfterMs: 5 * 24 * 3600_000,
      },
      concurrency: 4,
      requireHttps: false,
      secretKeys: developmentSecretKeys,
      allowedPrivateHosts: noPrivateHosts,
    });
  });

  it('read every variable', () => {
    const config = loadConfig({
      ...local,
      WEBHOOK_TIMEOUT_MS: '3000',
      WEBHOOK_MAX_RESPONSE_BYTES: '4096',
      WEBHOOK_RETRY_BASE_MS: '1000',
      WEBHOOK_RETRY_MAX_MS: '1000',
      WEBHOOK_GIVE_UP_AFTER_HOURS: '24',
      WEBHOOK_DISABLE_AFTER_DAYS: '2',
      WEBHOOK_CONCURRENCY: '16',
      WEBHOOK_SECRET_KEYS: `new:${key(2)}, old:${key(1)}`,
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'receiver.internal, 10.0.0.5',
    });
    expect(config.practiceEvents).toEqual({
      limits: { timeoutMs: 3000, maxResponseBytes: 4096 },
      retry: {
        baseMs: 1000,
        maxMs: 1000,
        giveUpAfterMs: 24 * 3600_000,
        disableEndpointAfterMs: 2 * 24 * 3600_000,
      },
      concurrency: 16,
      requireHttps: false,
      secretKeys: {
        current: { id: 'new', key: Buffer.alloc(32, 2) },
        byId: new Map([
          ['new', Buffer.alloc(32, 2)],
          ['old', Buffer.alloc(32, 1)],
        ]),
      },
      allowedPrivateHosts: { names: new Set(['receiver.internal']), addresses: new Set(['10.0.0.5']) },
    });
  });

  it('seal endpoint secrets with keys production names (security round three, finding 7)', () => {
    const { WEBHOOK_SECRET_KEYS: _unset, ...withoutKeys } = productionEnv;
    expect(problemsOf({ ...withoutKeys, DATABASE_URL: local.DATABASE_URL })).toEqual([
      expect.stringMatching(/^WEBHOOK_SECRET_KEYS is required: a comma-separated list of id:key/),
    ]);
    expect(
      problemsOf({ ...local, WEBHOOK_SECRET_KEYS: `k1:${Buffer.alloc(16).toString('base64')}` }),
    ).toEqual([expect.stringMatching(/^WEBHOOK_SECRET_KEYS must be a comma-separated list of id:key/)]);
  });

  it('need https endpoints in production', () => {
    expect(
      loadConfig({ ...productionEnv, DATABASE_URL: local.DATABASE_URL }).practiceEvents.requireHttps,
    ).toBe(true);
  });

  it('allow no private host unless WEBHOOK_ALLOWED_PRIVATE_HOSTS names it, in production too (decision 0137)', () => {
    const production = loadConfig({ ...productionEnv, DATABASE_URL: local.DATABASE_URL });
    expect(production.practiceEvents.allowedPrivateHosts).toEqual(noPrivateHosts);
    expect(problemsOf({ ...local, WEBHOOK_ALLOWED_PRIVATE_HOSTS: '10.0.0.0/8' })).toEqual([
      'WEBHOOK_ALLOWED_PRIVATE_HOSTS must be a comma-separated list of host names and IP addresses (no ports, paths, ranges or wildcards): the hosts on a private network (loopback, private, link-local, …) that webhook endpoints may name and deliveries may dial, decision 0137; unset: none',
    ]);
  });

  it('refuse bad values, naming each variable and what it must be', () => {
    const problems = problemsOf({
      ...local,
      WEBHOOK_TIMEOUT_MS: '10s',
      WEBHOOK_MAX_RESPONSE_BYTES: '100',
      WEBHOOK_RETRY_BASE_MS: '0',
      WEBHOOK_GIVE_UP_AFTER_HOURS: '0',
      WEBHOOK_CONCURRENCY: '1000',
    });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'WEBHOOK_TIMEOUT_MS',
      'WEBHOOK_MAX_RESPONSE_BYTES',
      'WEBHOOK_RETRY_BASE_MS',
      'WEBHOOK_GIVE_UP_AFTER_HOURS',
      'WEBHOOK_CONCURRENCY',
    ]);
    expect(problems[0]).toBe(
      'WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds one webhook may take, connecting to the end of the answer, from 100 to 120000',
    );
  });

  it('refuse a cap on the wait between retries below the first wait', () => {
    expect(problemsOf({ ...local, WEBHOOK_RETRY_BASE_MS: '60000', WEBHOOK_RETRY_MAX_MS: '1000' })).toEqual([
      expect.stringMatching(/^WEBHOOK_RETRY_MAX_MS must be .*no less than WEBHOOK_RETRY_BASE_MS$/),
    ]);
  });
});
