import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  AddressRefused,
  checkedLookup,
  noPrivateHosts,
  parseAllowedPrivateHosts,
  refuseHostAndAddresses,
  type ResolvedAddress,
  type ResolveHost,
} from './endpoint-address.ts';
import { allowed } from './testing/address-rules.ts';
import { checkEndpointUrl } from './webhook-delivery.ts';

/**
 * Decision 0137 (security round four, S1): an endpoint's host must be public. No DNS here: names resolve
 * through the resolver each test gives.
 */
const production = { requireHttps: true, allowedPrivateHosts: noPrivateHosts };
const local = { requireHttps: false, allowedPrivateHosts: noPrivateHosts };
const mustBePublic = '; webhook endpoints must be public';

const resolvingTo =
  (...addresses: string[]): ResolveHost =>
  () =>
    Promise.resolve(
      addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('an endpoint URL whose host is not public', () => {
  it.each([
    ['https://169.254.169.254/latest/', 'the host 169.254.169.254 is a cloud metadata address'],
    ['https://169.254.10.1/', 'the host 169.254.10.1 is a link-local address'],
    ['https://localhost:5432/', 'the host localhost names this machine (localhost)'],
    ['https://api.localhost/', 'the host api.localhost names this machine (localhost)'],
    ['https://10.0.0.1:8443/', 'the host 10.0.0.1 is a private address'],
    ['https://172.16.5.4/', 'the host 172.16.5.4 is a private address'],
    ['https://192.168.1.10/', 'the host 192.168.1.10 is a private address'],
    ['https://[::1]/', 'the host [::1] is a loopback address'],
    ['https://127.0.0.1/', 'the host 127.0.0.1 is a loopback address'],
    // The URL parser reads these as 127.0.0.1 and 0.0.0.0: the check sees what would be dialled.
    ['https://2130706433/', 'the host 127.0.0.1 is a loopback address'],
    ['https://0x7f.1/', 'the host 127.0.0.1 is a loopback address'],
    ['https://0.0.0.0/', 'the host 0.0.0.0 is an unspecified address'],
    ['https://0/', 'the host 0.0.0.0 is an unspecified address'],
    ['https://[::]/', 'the host [::] is an unspecified address'],
    ['https://100.64.0.1/', 'the host 100.64.0.1 is a carrier-grade NAT address'],
    ['https://[fd00::1]/', 'the host [fd00::1] is a unique-local address'],
    ['https://[fd00:ec2::254]/', 'the host [fd00:ec2::254] is a cloud metadata address'],
    ['https://[fe80::1]/', 'the host [fe80::1] is a link-local address'],
    ['https://[::ffff:10.0.0.1]/', 'the host [::ffff:a00:1] is a private address (10.0.0.1 inside IPv6)'],
    ['https://[::ffff:127.0.0.1]/', 'the host [::ffff:7f00:1] is a loopback address (127.0.0.1 inside IPv6)'],
    ['https://[64:ff9b::a00:1]/', 'the host [64:ff9b::a00:1] is a private address (10.0.0.1 inside IPv6)'],
    [
      'https://[2002:a9fe:a9fe::]/',
      'the host [2002:a9fe:a9fe::] is a cloud metadata address (169.254.169.254 inside IPv6)',
    ],
    [
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'the host [2001:0:4136:e378:8000:63bf:3fff:fdd2] is a reserved address',
    ],
    ['https://[fec0::1]/', 'the host [fec0::1] is a site-local address'],
    ['https://[::10.0.0.1]/', 'the host [::a00:1] is a reserved address'],
    ['https://224.0.0.1/', 'the host 224.0.0.1 is a multicast address'],
    ['https://[ff02::1]/', 'the host [ff02::1] is a multicast address'],
    ['https://255.255.255.255/', 'the host 255.255.255.255 is a broadcast address'],
    ['https://240.0.0.1/', 'the host 240.0.0.1 is a reserved address'],
    ['https://192.0.2.1/', 'the host 192.0.2.1 is a reserved address'],
    [
      'https://metadata.google.internal/computeMetadata/v1/',
      'the host metadata.google.internal names a cloud metadata service',
    ],
    ['https://metadata/', 'the host metadata names a cloud metadata service'],
    ['https://db.internal/', 'the host db.internal is a local network name (.internal)'],
    ['https://printer.local/', 'the host printer.local is a local network name (.local)'],
    [
      'https://postgres:5432/',
      'the host postgres is a single-label name, which only a local network resolves',
    ],
  ])('refuses %s in production: %s', (url, refusal) => {
    expect(checkEndpointUrl(url, production)).toBe(`${refusal}${mustBePublic}`);
  });

  it('refuses http://127.0.0.1 outside production too, where http is allowed', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4000/events', local)).toBe(
      `the host 127.0.0.1 is a loopback address${mustBePublic}`,
    );
    expect(checkEndpointUrl('http://localhost:4000/events', local)).toBe(
      `the host localhost names this machine (localhost)${mustBePublic}`,
    );
  });

  it.each([
    'https://pms.example.co.uk/hooks',
    'https://8.8.8.8/hooks',
    'https://[2a00:1450:4009:81f::200e]/hooks',
    'https://[::ffff:8.8.8.8]/hooks',
    'https://[64:ff9b::808:808]/hooks',
    'https://100.128.0.1/hooks',
  ])('accepts a public host: %s', (url) => {
    expect(checkEndpointUrl(url, production)).toBeNull();
  });

  it('accepts what the operator allowed, by name or address, and nothing near it', () => {
    const rules = {
      ...local,
      allowedPrivateHosts: allowed('receiver.internal,10.0.0.5,[fd00::5],localhost'),
    };
    for (const url of [
      'https://receiver.internal/hooks',
      'https://RECEIVER.internal./hooks',
      'https://10.0.0.5:8443/hooks',
      'https://[::ffff:10.0.0.5]/hooks',
      'https://[fd00::5]/hooks',
      'http://localhost:4000/hooks',
    ])
      expect(checkEndpointUrl(url, rules), url).toBeNull();
    for (const url of [
      'https://10.0.0.6/hooks',
      'https://other.internal/hooks',
      'http://127.0.0.1:4000/hooks',
    ])
      expect(checkEndpointUrl(url, rules), url).not.toBeNull();
  });
});

describe('a host name, resolved as it is registered', () => {
  const rule = (resolve: ResolveHost) => ({ allowedPrivateHosts: noPrivateHosts, resolve });

  it('is refused when any of its addresses is not public, without telling which address', async () => {
    const refusal = await refuseHostAndAddresses(
      'pms.example.org',
      rule(resolvingTo('93.184.216.34', '127.0.0.1')),
    );
    expect(refusal).toBe(`the host pms.example.org resolves to a loopback address${mustBePublic}`);
    expect(refusal).not.toContain('127.0.0.1');
    expect(await refuseHostAndAddresses('pms.example.org', rule(resolvingTo('fd12::7')))).toBe(
      `the host pms.example.org resolves to a unique-local address${mustBePublic}`,
    );
    expect(await refuseHostAndAddresses('pms.example.org', rule(resolvingTo('169.254.169.254')))).toBe(
      `the host pms.example.org resolves to a cloud metadata address${mustBePublic}`,
    );
  });

  it('is accepted when every address is public', async () => {
    expect(
      await refuseHostAndAddresses(
        'pms.example.org',
        rule(resolvingTo('93.184.216.34', '2606:2800:220:1::')),
      ),
    ).toBeNull();
  });

  it('is accepted when it does not resolve, or not in time: the delivery checks what it dials', async () => {
    const fails: ResolveHost = () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    expect(await refuseHostAndAddresses('pms.example.org', rule(fails))).toBeNull();
    const never: ResolveHost = () => new Promise(() => {});
    expect(await refuseHostAndAddresses('pms.example.org', rule(never), 20)).toBeNull();
  });

  it('is not resolved at all when its form already says, or the operator allowed it by name', async () => {
    let asked = 0;
    const counting: ResolveHost = () => {
      asked += 1;
      return Promise.resolve([{ address: '10.0.0.1', family: 4 }]);
    };
    expect(await refuseHostAndAddresses('localhost', rule(counting))).toContain('localhost');
    expect(await refuseHostAndAddresses('10.0.0.1', rule(counting))).toContain('private');
    const allowedName = { allowedPrivateHosts: allowed('receiver.example.org'), resolve: counting };
    expect(await refuseHostAndAddresses('receiver.example.org', allowedName)).toBeNull();
    expect(asked).toBe(0);
    // An allowed address is allowed behind any name.
    const allowedAddress = { allowedPrivateHosts: allowed('10.0.0.1'), resolve: counting };
    expect(await refuseHostAndAddresses('pms.example.org', allowedAddress)).toBeNull();
  });
});

describe('the lookup a delivery connects through', () => {
  function lookUp(resolve: ResolveHost, options: { all?: boolean; family?: number } = { all: true }) {
    const lookup = checkedLookup({ allowedPrivateHosts: noPrivateHosts, resolve });
    return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((settle) =>
      lookup('pms.example.org', options, (error, address) => settle({ error, address })),
    );
  }

  it('refuses a name that resolves inward now (DNS rebinding), giving no address to dial', async () => {
    const { error, address } = await lookUp(resolvingTo('93.184.216.34', '127.0.0.1'));
    expect(error).toBeInstanceOf(AddressRefused);
    expect(address).toBe('');
  });

  it('answers exactly the addresses it checked, one or all as asked', async () => {
    const resolve = resolvingTo('93.184.216.34', '2606:2800:220:1::');
    expect(await lookUp(resolve)).toEqual({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::', family: 6 },
      ],
    });
    expect((await lookUp(resolve, { family: 6 })).address).toBe('2606:2800:220:1::');
  });
});

describe('WEBHOOK_ALLOWED_PRIVATE_HOSTS', () => {
  it('reads host names and addresses, as URLs write them', () => {
    expect(parseAllowedPrivateHosts(' Receiver.Internal. , 10.0.0.5,[fd00::5], ::1,localhost ,')).toEqual({
      names: new Set(['receiver.internal', 'localhost']),
      addresses: new Set(['10.0.0.5', 'fd00::5', '::1']),
    });
    expect(parseAllowedPrivateHosts(undefined)).toEqual({ names: new Set(), addresses: new Set() });
  });

  it.each(['10.0.0.0/8', 'receiver.internal:8443', 'http://receiver.internal', '*.internal', 'a b'])(
    'refuses %s, without repeating it',
    (entry) => {
      const parsed = parseAllowedPrivateHosts(`receiver.internal,${entry}`);
      expect('problem' in parsed && parsed.problem).toMatch(/^a comma-separated list of host names/);
      expect(JSON.stringify(parsed)).not.toContain(entry);
    },
  );
});
