import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTestLogs, describeFindings, findSensitiveData, seededSensitiveValues } from './log-check.ts';

const olivia = DEMO_ACCOUNT.manyPets;
const seeded = seededSensitiveValues();
const check = (line: string, values = seeded) => findSensitiveData([{ file: 'api.log', text: line }], values);

describe('the test-log check', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the names, e-mails, postcodes, phones and codes from the seed', () => {
    const kinds = new Set(seeded.map((value) => value.kind));
    expect([...kinds].sort()).toEqual([
      'invitation code',
      'password',
      'seeded e-mail address',
      'seeded first name',
      'seeded last name',
      'seeded phone number',
      'seeded postcode',
    ]);
    expect(seeded).toContainEqual({
      kind: 'seeded e-mail address',
      value: olivia.email,
      caseSensitive: false,
    });
    expect(seeded).toContainEqual({ kind: 'seeded last name', value: olivia.lastName, caseSensitive: true });
  });

  it('finds a seeded e-mail address in a log line, in any case, naming file, line and kind but not the value', () => {
    const lines = `{"level":30,"msg":"request completed"}\n{"level":40,"to":"${olivia.email.toUpperCase()}"}`;
    const findings = findSensitiveData([{ file: 'e2e-API.log', text: lines }], seeded);
    expect(findings).toEqual([
      { file: 'e2e-API.log', line: 2, kind: 'seeded e-mail address', masked: 'O… (26 characters)' },
    ]);
    const message = describeFindings(findings);
    expect(message).toContain('e2e-API.log:2: seeded e-mail address');
    expect(message.toLowerCase()).not.toContain(olivia.email);
  });

  it('finds names as whole words as written, postcodes, phone numbers and tokens by their shape', () => {
    expect(check(`hello ${olivia.firstName} ${olivia.lastName}`).map((f) => f.kind)).toEqual([
      'seeded first name',
      'seeded last name',
    ]);
    expect(check('postcode=SW4 0LN').map((f) => f.kind)).toEqual(['seeded postcode']);
    expect(check('call 07700 100101').map((f) => f.kind)).toEqual(['seeded phone number']);
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const jwe = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXYtaXYtaXYtaXY.Y2lwaGVydGV4dA.dGFnLXRhZy10YWc';
    expect(check(`authorization: Bearer ${jwt}`).map((f) => f.kind)).toEqual(['token (JWT or JWE)']);
    expect(check(`cookie ${jwe}`).map((f) => f.kind)).toEqual(['token (JWT or JWE)']);
    expect(check('Authorization: Bearer sk_live_51HxAbCdEf0123456789').map((f) => f.kind)).toEqual([
      'Stripe key',
    ]);
    expect(check('key=rk_test_0123456789abcdef').map((f) => f.kind)).toEqual(['Stripe key']);
    expect(check('secret whsec_AbC0123456789+/=').map((f) => f.kind)).toEqual(['Stripe webhook secret']);
    // Stripe's ids are not keys: a session, an intent, a publishable key.
    expect(check('cs_test_a1b2c3d4e5f6 pi_3QxY2bLkdIwHu7ix pk_live_0123456789abcdef')).toEqual([]);
    expect(check('Authorization: Bearer live_Xk2mT9qL0aBcDeF1gH3iJ4kL').map((f) => f.kind)).toEqual([
      'GoCardless access token',
    ]);
    expect(check('token=sandbox_StandIn0AccessToken0For0Tests').map((f) => f.kind)).toEqual([
      'GoCardless access token',
    ]);
    // Words that only begin like a token: a metric, a setting, GoCardless's ids.
    expect(check('live_bookings_total_per_practice sandbox_mode_enabled_everywhere MD000AMA19XGEC')).toEqual(
      [],
    );
  });

  it('ignores the same letters inside other words, and a code inside a number or after a decimal point', () => {
    const code = [{ kind: 'verification code', value: '428913' }];
    expect(
      check(`the ${olivia.lastName.toLowerCase()} word, ${olivia.lastName}son, Mc${olivia.lastName}`),
    ).toEqual([]);
    expect(check('{"time":1763428913000,"responseTime":12.428913}', code)).toEqual([]);
    expect(check('{"msg":"code 428913 sent"}', code).map((f) => f.kind)).toEqual(['verification code']);
  });

  it("reads the apps' JSON lines and exported spans (decision 0071): values inside, not request ids", () => {
    const code = [{ kind: 'verification code', value: '428913' }];
    const requestId = '428913a0b1c2d3e4f5a6b7c8d9e0f1a2';
    const webLine = JSON.stringify({ level: 30, app: 'web', reqId: requestId, msg: 'request completed' });
    expect(check(webLine, code)).toEqual([]);
    const idpLine = JSON.stringify({
      level: 50,
      app: 'idp',
      reqId: requestId,
      msg: `code 428913 for ${olivia.email}`,
    });
    expect(check(idpLine, [...seeded, ...code]).map((f) => f.kind)).toEqual([
      'verification code',
      'seeded e-mail address',
    ]);
    const span = JSON.stringify([
      { name: 'GET', attributes: { 'url.full': `http://api/x?last=${olivia.lastName}` } },
    ]);
    expect(check(span).map((f) => f.kind)).toEqual(['seeded last name']);
  });

  it("checks every log file of a run's folder against the seed and the values the tests recorded", () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-check-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'secrets.jsonl'),
      `${JSON.stringify({ kind: 'verification code', value: '613579' })}\n`,
    );
    writeFileSync(join(dir, 'e2e-API.log'), '{"msg":"fine"}\n{"msg":"code 613579"}\n');
    writeFileSync(join(dir, 'test-console.log'), `e2e/x.e2e.test.ts: signed in as ${olivia.email}\n`);
    const { files, findings } = checkTestLogs(dir);
    expect(files).toBe(2);
    expect(findings.map((f) => [f.file.slice(dir.length + 1), f.line, f.kind])).toEqual([
      ['e2e-API.log', 2, 'verification code'],
      ['test-console.log', 1, 'seeded e-mail address'],
    ]);
  });
});
