import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (decision 0137): public addresses only, unless the operator names the host
 * in WEBHOOK_ALLOWED_PRIVATE_HOSTS. One rule, applied to the URL's host as written (`refuseHost`), to the
 * addresses a name resolves to when an endpoint is added or changed (`refuseHostAndAddresses`), and to
 * those a delivery is about to connect to (`checkedLookup`), which are then the very ones it connects to:
 * a name rebound inward after registration is never dialled. Refusals name the rule and the host as
 * written, never a resolved address (that would map the inside).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name; DNS (getaddrinfo, as Node's own connections use) unless a test gives one. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** The hosts an operator allowed though they are not public (WEBHOOK_ALLOWED_PRIVATE_HOSTS). */
export interface AllowedPrivateHosts {
  /** Host names, lower case and without a trailing dot: whatever they resolve to may be dialled. */
  names: ReadonlySet<string>;
  /** Addresses (an IPv4-mapped IPv6 one as its IPv4): may be dialled, whichever name leads there. */
  addresses: ReadonlySet<string>;
}

/** What an endpoint's URL may name and a delivery may dial, and (tests) how names are resolved. */
export interface EndpointAddressRule {
  allowedPrivateHosts: AllowedPrivateHosts;
  /** Unset: DNS. */
  resolve?: ResolveHost | undefined;
}

export const noPrivateHosts: AllowedPrivateHosts = { names: new Set(), addresses: new Set() };

export const allowedPrivateHostsExpected =
  'a comma-separated list of host names and IP addresses (no ports, paths, ranges or wildcards)';

/** WEBHOOK_ALLOWED_PRIVATE_HOSTS' text (`receiver.internal,10.0.0.5,[fd00::5]`); unset or blank: none. */
export function parseAllowedPrivateHosts(
  text: string | undefined,
): AllowedPrivateHosts | { problem: string } {
  const names = new Set<string>();
  const addresses = new Set<string>();
  for (const entry of (text ?? '').split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    const host = hostOfEntry(entry);
    // The value is not repeated: configuration errors name the variable and the rule only.
    if (host === undefined) return { problem: allowedPrivateHostsExpected };
    const address = parsedAddress(host);
    if (address) addresses.add(addressKey(address));
    else names.add(host);
  }
  return { names, addresses };
}

/** An entry as the URL parser reads a host (lower case, punycode, IPv4 in dotted decimal), or undefined. */
function hostOfEntry(entry: string): string | undefined {
  const written = isIP(entry) === 6 ? `[${entry}]` : entry;
  let url: URL;
  try {
    url = new URL(`http://${written}`);
  } catch {
    return undefined;
  }
  const onlyAHost =
    url.port === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !written.includes('/');
  const host = hostKey(url.hostname);
  if (!onlyAHost || host === '') return undefined;
  return isIP(host) !== 0 || /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host) ? host : undefined;
}

/** A URL's hostname as the rules compare it: no brackets, no trailing dot, lower case. */
function hostKey(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

function parsedAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (isIP(host) === 0) return undefined;
  try {
    return ipaddr.parse(host);
  } catch {
    return undefined;
  }
}

/** How the allow-list compares addresses: an IPv4-mapped IPv6 address as the IPv4 address it carries. */
function addressKey(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    return (address as ipaddr.IPv6).toIPv4Address().toString();
  return address.toString();
}

const ipv4Kinds: Partial<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
};
const ipv6Kinds: Partial<Record<string, string>> = {
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
};
const reserved = 'a reserved address';
/** The cloud providers' instance metadata services (AWS, GCP, Azure; ECS tasks; Alibaba; AWS over IPv6). */
const metadataAddresses = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);
/** The IPv6 global unicast block: every public IPv6 address is in it. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
const nat64WellKnown = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * What kind of address this is when it may not be dialled (a phrase for the refusal), or null when it is
 * public. ipaddr.js names the ranges; anything it calls neither unicast nor one of the kinds named here is
 * reserved (documentation, benchmarking, 240/4, …). An IPv6 address carrying an IPv4 one (IPv4-mapped,
 * translated, NAT64's well-known prefix, 6to4) is judged by the IPv4 address it carries; Teredo's and a
 * local-use NAT64 prefix's are hidden, so refused.
 */
export function nonPublicKind(address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (metadataAddresses.has(addressKey(address))) return 'a cloud metadata address';
  if (address.kind() === 'ipv4') {
    const range: string = address.range();
    return range === 'unicast' ? null : (ipv4Kinds[range] ?? reserved);
  }
  const ipv6 = address as ipaddr.IPv6;
  const range: string = ipv6.range();
  const carried = embeddedIPv4(ipv6, range);
  if (carried === null) return reserved;
  if (carried !== undefined) {
    const kind = nonPublicKind(carried);
    return kind && `${kind} (${carried.toString()} inside IPv6)`;
  }
  if (range !== 'unicast') return ipv6Kinds[range] ?? reserved;
  return ipv6.match(globalUnicast) ? null : reserved;
}

/** The IPv4 address an IPv6 one carries; undefined when it carries none, null when it hides one. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null | undefined {
  const parts = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4(parts[6]!, parts[7]!);
    case 'rfc6052':
      return address.match(nat64WellKnown) ? ipv4(parts[6]!, parts[7]!) : null;
    case '6to4':
      return ipv4(parts[1]!, parts[2]!);
    case 'teredo':
      return null;
    default:
      return undefined;
  }
}

/** Names that reach a metadata service wherever they resolve (GCP's, AWS's). */
const metadataNames = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);
/** Names only a local network resolves (RFC 6762's .local, ICANN's .internal, RFC 8375's home.arpa). */
const localSuffixes = ['local', 'internal', 'home.arpa', 'localdomain'];

/** Why a host name may not be an endpoint's by its form alone, or null. */
function localNameRule(name: string): string | null {
  if (metadataNames.has(name)) return 'names a cloud metadata service';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'names this machine (localhost)';
  const suffix = localSuffixes.find((local) => name === local || name.endsWith(`.${local}`));
  if (suffix) return `is a local network name (.${suffix})`;
  if (!name.includes('.')) return 'is a single-label name, which only a local network resolves';
  return null;
}

const mustBePublic = 'webhook endpoints must be public';

/**
 * Why a URL's host, as written, may not be sent to; null when it may, as far as its form tells (a name's
 * addresses are checked by `refuseHostAndAddresses` and `checkedLookup`). `hostname` is the URL's.
 */
export function refuseHost(hostname: string, allowed: AllowedPrivateHosts): string | null {
  const host = hostKey(hostname);
  const address = parsedAddress(host);
  if (address) {
    if (allowed.addresses.has(addressKey(address))) return null;
    const kind = nonPublicKind(address);
    return kind && `the host ${hostname} is ${kind}; ${mustBePublic}`;
  }
  if (allowed.names.has(host)) return null;
  const rule = localNameRule(host);
  return rule && `the host ${hostname} ${rule}; ${mustBePublic}`;
}

/**
 * Why a name's addresses may not be dialled (the first that may not), or null when every one may: one
 * inward address is enough to refuse, as a connection may be made to any of them.
 */
export function refuseAddresses(
  hostname: string,
  addresses: readonly ResolvedAddress[],
  allowed: AllowedPrivateHosts,
): string | null {
  if (allowed.names.has(hostKey(hostname))) return null;
  for (const { address } of addresses) {
    const parsed = parsedAddress(address);
    if (parsed && allowed.addresses.has(addressKey(parsed))) continue;
    const kind = parsed ? nonPublicKind(parsed) : 'an address that cannot be read';
    if (kind) return `the host ${hostname} resolves to ${kind}; ${mustBePublic}`;
  }
  return null;
}

/** How long adding an endpoint waits for its name to resolve before it leaves the check to delivery. */
export const registrationLookupMs = 5000;

/**
 * `refuseHost`, then every address the name resolves to now: when an endpoint is added or its URL is
 * changed. A name that does not resolve (yet), or not within `timeoutMs`, is accepted (decision 0137):
 * this check is the early answer, and `checkedLookup` the guard, since a name can resolve differently
 * later whatever it resolves to now.
 */
export async function refuseHostAndAddresses(
  hostname: string,
  rule: EndpointAddressRule,
  timeoutMs = registrationLookupMs,
): Promise<string | null> {
  const byForm = refuseHost(hostname, rule.allowedPrivateHosts);
  const host = hostKey(hostname);
  if (byForm || isIP(host) !== 0 || rule.allowedPrivateHosts.names.has(host)) return byForm;
  const resolve = rule.resolve ?? resolveWithDns;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host).catch(() => []),
    new Promise<ResolvedAddress[]>((settle) => (timer = setTimeout(() => settle([]), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  return refuseAddresses(hostname, addresses, rule.allowedPrivateHosts);
}

/** A connection refused before it was made: the address was not public. Nothing was dialled. */
export class AddressRefused extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
  constructor(readonly refusal: string) {
    super(refusal);
    this.name = 'AddressRefused';
  }
}

/**
 * A `lookup` for node's net, http and https connections: resolves the name, refuses (AddressRefused) when
 * any address may not be dialled, else answers exactly the addresses it checked, for the socket to connect
 * to. (Node does not look up an address written in the URL: `refuseHost` checks it before the request.)
 */
export function checkedLookup(rule: EndpointAddressRule): LookupFunction {
  const resolve = rule.resolve ?? resolveWithDns;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        // Every address is checked, as at registration, whichever family the connection then takes.
        const refused = refuseAddresses(hostname, found, rule.allowedPrivateHosts);
        if (refused) return callback(new AddressRefused(refused), '');
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? found.filter((address) => address.family === family) : found;
        const [first] = addresses;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = 'ENOTFOUND';
          return callback(error, '');
        }
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
