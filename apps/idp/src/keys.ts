import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { IdpConfig } from './config.ts';

export interface IdpKeys {
  /** Private signing keys (RS256 first: access tokens and ID tokens use it). */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

const storedKeys = z.object({
  jwks: z.object({ keys: z.array(z.looseObject({ kty: z.string(), d: z.string() })).min(1) }),
  cookieKeys: z.array(z.string().min(32)).min(1),
});

/**
 * Keys from the environment when given (production), otherwise from the keys file, generated on the
 * first start so that tokens and sessions survive restarts.
 */
export async function loadKeys(
  config: Pick<IdpConfig, 'jwks' | 'cookieKeys' | 'keysFile'>,
): Promise<IdpKeys> {
  if (config.jwks && config.cookieKeys) return { jwks: config.jwks, cookieKeys: config.cookieKeys };
  const stored = await readOrCreateKeysFile(config.keysFile);
  return { jwks: config.jwks ?? stored.jwks, cookieKeys: config.cookieKeys ?? stored.cookieKeys };
}

export async function readOrCreateKeysFile(path: string): Promise<IdpKeys> {
  const existing = await readKeysFile(path);
  if (existing) return existing;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const keys = await generateKeys();
  // Write aside, then hard-link into place: link() fails if another process won the race, and nobody ever
  // reads a half-written file.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const written = await readKeysFile(path);
  if (!written) throw new Error(`Could not read the identity provider's keys file at ${path}`);
  return written;
}

async function readKeysFile(path: string): Promise<IdpKeys | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = storedKeys.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `The identity provider's keys file at ${path} is not valid; delete it to generate new keys.`,
    );
  }
  return parsed.data;
}

export async function generateKeys(): Promise<IdpKeys> {
  const keys = [await signingKey('RS256'), await signingKey('ES256')];
  const cookieKeys = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
  return { jwks: { keys }, cookieKeys };
}

async function signingKey(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg, use: 'sig' };
}
