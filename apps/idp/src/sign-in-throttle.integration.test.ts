import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAttemptCounters } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { WRONG_CREDENTIALS } from './interactions/sign-in.ts';
import { Browser } from './testing/browser.ts';
import { PortalClient } from './testing/portal-client.ts';
import { createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';
import { AttemptCounters, pruneExpiredCounters } from './throttling/attempt-counters.ts';
import { SIGN_IN_POLICY, type SignInPolicy } from './throttling/sign-in-throttle.ts';

const database = useTestDatabase();
const policy: SignInPolicy = {
  ...SIGN_IN_POLICY,
  perAccountAndAddress: 3,
  perAddress: 6,
  perAccount: 5,
  accountDelayMs: 1_500,
};
const namespace = () => `throttle-test-${randomBytes(6).toString('hex')}:`;
/** One proxy in front, so that each test browser can come from an address of its own. */
const behindProxy = { IDP_TRUSTED_PROXY_HOPS: '1' };
const from = (address: string) => new Browser({ 'x-forwarded-for': address });

let idp: TestIdp;
let portal: PortalClient;
beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url, { signInPolicy: policy }, behindProxy);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

async function signIn(client: PortalClient, browser: Browser, email: string, password: string) {
  const started = await client.startSignIn({}, browser);
  const answer = await client.submit(started, 'login', { email, password });
  const signedIn = answer.location?.href.startsWith(started.redirectUri) ?? false;
  return { status: answer.status, body: answer.body, signedIn };
}

async function failTimes(client: PortalClient, address: string, email: string, times: number) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const answer = await signIn(client, from(address), email, 'Wrong-password-1');
    expect(answer.body).toContain(WRONG_CREDENTIALS);
  }
}

describe('sign-in throttling in PostgreSQL (decision 0027)', () => {
  it('holds across two provider instances sharing the database, and after a restart', async () => {
    const shared = namespace();
    const options = (counters: AttemptCounters) => ({ signInPolicy: policy, counters });
    // Two instances, each with its own counter objects: only the database is shared.
    const first = await startTestIdp(
      database.db,
      database.url,
      options(new AttemptCounters(database.db, shared)),
    );
    const second = await startTestIdp(
      database.db,
      database.url,
      options(new AttemptCounters(database.db, shared)),
    );
    try {
      const email = uniqueEmail('two-instances');
      await createTestAccount(database.db, email);
      const [one, two] = [new PortalClient(first), new PortalClient(second)];
      await failTimes(one, '127.0.0.1', email, 2);
      await failTimes(two, '127.0.0.1', email, 1);

      const refused = await signIn(two, new Browser(), email, GOOD_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body).toContain('Too many attempts');
      expect(refused.signedIn).toBe(false);

      first.restart();
      second.restart();
      expect((await signIn(one, new Browser(), email, GOOD_PASSWORD)).status).toBe(429);
      expect((await signIn(two, new Browser(), email, GOOD_PASSWORD)).status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('blocks the attacker’s address for the account while its owner, from their own address, still gets in', async () => {
    const email = uniqueEmail('victim');
    await createTestAccount(database.db, email);
    await failTimes(portal, '203.0.113.66', email, policy.perAccountAndAddress);

    // Refused before the password is checked: even the right one gets the attacker nowhere.
    const attacker = await signIn(portal, from('203.0.113.66'), email, GOOD_PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.signedIn).toBe(false);

    const owner = await signIn(portal, from('198.51.100.20'), email, GOOD_PASSWORD);
    expect(owner.signedIn).toBe(true);
  });

  it('counts every address of one IPv6 /64 as one client, and the next /64 apart', async () => {
    const email = uniqueEmail('prefix');
    await createTestAccount(database.db, email);
    for (let attempt = 1; attempt <= policy.perAccountAndAddress; attempt += 1) {
      await failTimes(portal, `2001:db8:77:1::${attempt}`, email, 1);
    }
    const samePrefix = await signIn(portal, from('2001:db8:77:1:ffff::9'), email, GOOD_PASSWORD);
    expect(samePrefix.status).toBe(429);
    expect(samePrefix.signedIn).toBe(false);
    expect((await signIn(portal, from('2001:db8:77:2::1'), email, GOOD_PASSWORD)).signedIn).toBe(true);
  });

  it('counts an unknown e-mail exactly like a known one, so the refusal tells nothing', async () => {
    const unknown = uniqueEmail('nobody');
    await failTimes(portal, '203.0.113.67', unknown, policy.perAccountAndAddress);
    expect((await signIn(portal, from('203.0.113.67'), unknown, GOOD_PASSWORD)).status).toBe(429);
  });

  it('refuses an address that fails across many accounts, for every account, but no one else', async () => {
    const owner = uniqueEmail('sprayed');
    await createTestAccount(database.db, owner);
    for (let account = 0; account < policy.perAddress; account += 1) {
      await failTimes(portal, '203.0.113.68', uniqueEmail(`spray-${account}`), 1);
    }
    expect((await signIn(portal, from('203.0.113.68'), owner, GOOD_PASSWORD)).status).toBe(429);
    expect((await signIn(portal, from('198.51.100.21'), owner, GOOD_PASSWORD)).signedIn).toBe(true);
  });

  it('only slows an account down when it fails from many addresses: never a lockout', async () => {
    const email = uniqueEmail('distributed');
    await createTestAccount(database.db, email);
    for (let address = 1; address <= policy.perAccount; address += 1) {
      await failTimes(portal, `192.0.2.${address}`, email, 1);
    }
    const started = performance.now();
    const owner = await signIn(portal, from('198.51.100.22'), email, GOOD_PASSWORD);
    expect(owner.signedIn).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(policy.accountDelayMs);
  });

  it('starts an address’s count for the account again after it signs in', async () => {
    const email = uniqueEmail('forgetful');
    await createTestAccount(database.db, email);
    await failTimes(portal, '203.0.113.69', email, policy.perAccountAndAddress - 1);
    expect((await signIn(portal, from('203.0.113.69'), email, GOOD_PASSWORD)).signedIn).toBe(true);
    await failTimes(portal, '203.0.113.69', email, policy.perAccountAndAddress - 1);
    expect((await signIn(portal, from('203.0.113.69'), email, GOOD_PASSWORD)).signedIn).toBe(true);
  });

  it('keeps only hashes of addresses and e-mails, and the hourly pruning deletes ended windows', async () => {
    const shared = namespace();
    const counters = new AttemptCounters(database.db, shared);
    await counters.add([{ scope: 'sign-in:address', key: '203.0.113.70' }], 60_000);
    const ours = like(idpAttemptCounters.scope, `${shared}%`);
    const [row] = await database.db.select().from(idpAttemptCounters).where(ours);
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113.70');

    await database.db
      .update(idpAttemptCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(idpAttemptCounters.scope, `${shared}sign-in:address`));
    expect(
      (await counters.counts([{ scope: 'sign-in:address', key: '203.0.113.70' }])).get('sign-in:address'),
    ).toBe(0);
    await pruneExpiredCounters(database.db);
    expect(await database.db.select().from(idpAttemptCounters).where(ours)).toEqual([]);
  });
});
