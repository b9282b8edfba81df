import {
  parseAllowedPrivateHosts,
  type AllowedPrivateHosts,
  type EndpointAddressRule,
} from '../endpoint-address.ts';

/**
 * The tests' receivers listen on loopback, which decision 0137 refuses to dial unless the operator allows
 * it: a test that sends to one says so with these, as a local run says so with WEBHOOK_ALLOWED_PRIVATE_HOSTS.
 */
export const loopbackHosts = '127.0.0.1,localhost';

export const loopbackAllowed: AllowedPrivateHosts = allowed(loopbackHosts);

/** Dial the reference practice system and the other receivers on 127.0.0.1, through DNS otherwise. */
export const loopbackReceivers: EndpointAddressRule = { allowedPrivateHosts: loopbackAllowed };

export function allowed(text: string): AllowedPrivateHosts {
  const parsed = parseAllowedPrivateHosts(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}
