import type { EndpointUrlRule } from '../config.ts';
import { noPrivateHosts } from '../endpoint-address.ts';
import { parseSecretKeys, type SecretKeys } from '../secret-box.ts';

/** Keys for tests: `k2` seals, `k1` still opens (a rotation half done). */
export const testSecretKeys = secretKeys(`k2:${key(2)},k1:${key(1)}`);

/** Production's rule for endpoints' URLs (https only, public hosts), which the commands' tests run under. */
export const productionUrlRule: EndpointUrlRule = { requireHttps: true, allowedPrivateHosts: noPrivateHosts };

/** Only the older key: what was listed before `k2` was added. */
export const olderSecretKeys = secretKeys(`k1:${key(1)}`);

function key(n: number): string {
  return Buffer.alloc(32, n).toString('base64');
}

function secretKeys(text: string): SecretKeys {
  const parsed = parseSecretKeys(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}
