import ipaddr from 'ipaddr.js';

/** The bytes of an IPv6 address that name its /64, the smallest block one subscriber is given. */
const ipv6PrefixBytes = 8;

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const fourPartDecimal = new RegExp(`^${octet}(?:\\.${octet}){3}$`);

/**
 * The key a per-address limit counts a client under. An IPv6 host is routinely given a whole /64 and can
 * draw a fresh address from it for every request, so IPv6 is counted by its /64 prefix
 * (`2001:db8:1:2::/64`); an IPv4-mapped IPv6 address counts as the IPv4 address it carries, and IPv4 as it
 * is. Anything that is not an address is returned unchanged: still a key, and no request fails over it.
 */
export function clientAddressKey(address: string): string {
  // Every request asks: a dotted-decimal IPv4 address (ipaddr's four-part decimal) is its own key, known
  // by one expression instead of ipaddr's parse.
  if (fourPartDecimal.test(address)) return address;
  if (ipaddr.IPv4.isValidFourPartDecimal(address) || !ipaddr.IPv6.isValid(address)) return address;
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const prefix = ipv6.toByteArray().slice(0, ipv6PrefixBytes);
  const network = ipaddr.fromByteArray([...prefix, ...Array<number>(16 - ipv6PrefixBytes).fill(0)]);
  return `${network.toString()}/64`;
}
