import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testSecretsFile, type TestSecretKind } from '@vet/contracts/testing/test-logs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@vet/db/seed/demo-accounts';
import { DEMO_CHECKS, DEMO_INVITATIONS } from '@vet/db/seed/demo-onboarding';
import { DEMO_CLIENTS } from '@vet/db/seed/data/demo-clients';
import { OTHER_CLIENTS } from '@vet/db/seed/data/other-clients';

/**
 * The check that ends `npm test` (decision 0028): no log file of the run holds the demo seed's personal
 * data (names, postcodes, e-mail addresses, phone numbers), its invitation codes or password, a code or
 * token a test recorded, or anything shaped like a token.
 */
export interface SensitiveValue {
  kind: string;
  value: string;
  /** Names are proper nouns: matched as written, so "Price" the surname is not "price" the word. */
  caseSensitive?: boolean;
}

export interface LogFinding {
  file: string;
  line: number;
  kind: string;
  /** The value masked: its first character and its length, never the value itself. */
  masked: string;
}

/**
 * Tokens by shape: a JWT (header.payload.signature) or next-auth's JWE cookie (header..iv.data.tag); a
 * Stripe secret or restricted key and a webhook signing secret (https://docs.stripe.com/keys: `sk_`, `rk_`
 * with `live_` or `test_`; `whsec_`), whatever account they belong to; a GoCardless access token
 * (`sandbox_…` or `live_…`, https://developer.gocardless.com/getting-started/api/making-your-first-request),
 * told from a word like `live_bookings_total` by its mixed case and digits. GoCardless's webhook secret has
 * no shape of its own (the operator sets it), so no pattern can know it.
 */
const tokenShapes: { kind: string; pattern: RegExp }[] = [
  { kind: 'token (JWT or JWE)', pattern: /(?<![\w-])eyJ[\w-]{8,}\.[\w-]*\.[\w-]{8,}/g },
  { kind: 'Stripe key', pattern: /(?<![\w-])[sr]k_(?:live|test)_\w{8,}/g },
  { kind: 'Stripe webhook secret', pattern: /(?<![\w-])whsec_[\w+/=]{8,}/g },
  {
    kind: 'GoCardless access token',
    pattern: /(?<![\w-])(?:sandbox|live)_(?=[\w-]*[A-Z])(?=[\w-]*\d)[\w-]{20,}/g,
  },
];

/** Every personal value of the demo seed, read from the seed itself. */
export function seededSensitiveValues(): SensitiveValue[] {
  const values: SensitiveValue[] = [];
  const add = (kind: string, value: string | null | undefined, caseSensitive = false) => {
    if (value) values.push({ kind, value, caseSensitive });
  };
  for (const client of [...DEMO_CLIENTS, ...OTHER_CLIENTS]) {
    add('seeded first name', client.firstName, true);
    add('seeded last name', client.lastName, true);
    add('seeded e-mail address', client.email);
    add('seeded phone number', client.mobilePhone);
    add('seeded phone number', client.mobilePhone.replace(/\s/g, ''));
    add('seeded postcode', client.home[0]);
    add('seeded postcode', client.home[0].replace(/\s/g, ''));
  }
  for (const account of DEMO_ACCOUNTS) add('seeded e-mail address', account.email);
  for (const check of DEMO_CHECKS) {
    add('seeded last name', check.lastName, true);
    add('seeded e-mail address', check.email);
    add('seeded postcode', check.postcode);
  }
  for (const invitation of DEMO_INVITATIONS) {
    add('invitation code', invitation.code);
    add('seeded e-mail address', invitation.clientEmail);
  }
  add('password', DEMO_PASSWORD);
  return values;
}

/** The values the run's tests recorded (recordTestSecret): codes read from mailboxes, tokens, session ids. */
export function recordedSensitiveValues(dir: string): SensitiveValue[] {
  const path = join(dir, testSecretsFile);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind: TestSecretKind; value: string })
    .map(({ kind, value }) => ({ kind, value }));
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern for many values, each found only as a whole token: a six-digit code inside a timestamp or
 * after a decimal point (a response time) is not the code leaking, nor "Shah" inside "Shahid".
 */
function wholeTokens(values: SensitiveValue[], flags: string): RegExp | undefined {
  if (values.length === 0) return undefined;
  const alternatives = [...new Set(values.map((v) => escape(v.value)))].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![0-9A-Za-z.])(?:${alternatives.join('|')})(?![0-9A-Za-z])`, flags);
}

export function mask(value: string): string {
  return `${value.slice(0, 1)}… (${value.length} characters)`;
}

/** Every place in these log texts where a sensitive value or a token appears. */
export function findSensitiveData(
  logs: { file: string; text: string }[],
  values: SensitiveValue[],
): LogFinding[] {
  const exact = values.filter((v) => v.caseSensitive);
  const folded = values.filter((v) => !v.caseSensitive);
  const kindOf = new Map<string, string>();
  for (const v of exact) kindOf.set(v.value, v.kind);
  for (const v of folded) kindOf.set(v.value.toLowerCase(), v.kind);
  const patterns = [wholeTokens(exact, 'g'), wholeTokens(folded, 'gi')].filter((p) => p !== undefined);

  const findings: LogFinding[] = [];
  for (const { file, text } of logs) {
    text.split('\n').forEach((line, index) => {
      for (const pattern of patterns) {
        for (const match of line.matchAll(pattern)) {
          const kind = kindOf.get(match[0]) ?? kindOf.get(match[0].toLowerCase()) ?? 'sensitive value';
          findings.push({ file, line: index + 1, kind, masked: mask(match[0]) });
        }
      }
      for (const { kind, pattern } of tokenShapes) {
        for (const match of line.matchAll(pattern)) {
          findings.push({ file, line: index + 1, kind, masked: mask(match[0]) });
        }
      }
    });
  }
  return findings;
}

/** Checks every log file of a run's folder against the seed and what the run's tests recorded. */
export function checkTestLogs(dir: string): { files: number; findings: LogFinding[] } {
  if (!existsSync(dir)) return { files: 0, findings: [] };
  const logs = readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .sort()
    .map((name) => ({ file: join(dir, name), text: readFileSync(join(dir, name), 'utf8') }));
  const values = [...seededSensitiveValues(), ...recordedSensitiveValues(dir)];
  return { files: logs.length, findings: findSensitiveData(logs, values) };
}

/** The failure message: file, line and kind of each finding (the first 50), never a value. */
export function describeFindings(findings: LogFinding[]): string {
  const shown = findings
    .slice(0, 50)
    .map((f) => `  ${f.file}:${f.line}: ${f.kind} (${f.masked})`)
    .join('\n');
  const more = findings.length > 50 ? `\n  …and ${findings.length - 50} more` : '';
  return `The test run's logs hold personal data or secrets (${findings.length} finding(s)):\n${shown}${more}`;
}
