import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt (memory-hard) at OWASP's current recommendation, N=2^17, r=8, p=1: 128 MiB and a few hundred
 * milliseconds per hash here. The stored form carries its parameters, so a hash made at an older cost
 * still verifies and is rewritten at this one on the next successful sign-in (`needsRehash`):
 * scrypt$N$r$p$salt$hash (base64url).
 */
export const CURRENT_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes (128 MiB at the current cost); Node's default ceiling is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `params` other than the current ones are for tests that need a hash made at an older cost. */
export async function hashPassword(
  password: string,
  params: Readonly<ScryptParams> = CURRENT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

interface StoredHash extends ScryptParams {
  salt: string;
  hash: string;
}

function parseStored(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { ...params, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(parsed.salt, 'base64url'), parsed);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a stored hash was made below the current cost (or is not one of ours), so that it should be
 * replaced by a new hash of the password, which only a successful sign-in knows.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return true;
  const current = CURRENT_SCRYPT_PARAMS;
  return parsed.N < current.N || parsed.r < current.r || parsed.p < current.p;
}
