import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { noPrivateHosts } from './endpoint-address.ts';
import { loopbackAllowed } from './testing/address-rules.ts';
import { checkEndpointUrl, newEndpointSecret, refuseEndpointUrl } from './webhook-delivery.ts';

describe('newEndpointSecret', () => {
  it('is a Standard Webhooks secret of 32 random bytes that the library accepts', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const signed = new Webhook(secret).sign('evt_1', new Date(), '{}');
    expect(signed).toMatch(/^v1,/);
  });

  it('is different every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newEndpointSecret()));
    expect(secrets.size).toBe(50);
  });
});

describe('checkEndpointUrl', () => {
  // A local run that allows its loopback receivers; production, which allows none.
  const lenient = { requireHttps: false, allowedPrivateHosts: loopbackAllowed };
  const strict = { requireHttps: true, allowedPrivateHosts: noPrivateHosts };

  it('accepts an absolute https URL, with a port, path and query', () => {
    expect(checkEndpointUrl('https://pms.example.co.uk/hooks/portal', strict)).toBeNull();
    expect(checkEndpointUrl('https://pms.example.co.uk:8443/hooks?practice=12', strict)).toBeNull();
  });

  it('accepts plain http only when https is not required', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4500/events', lenient)).toBeNull();
    expect(checkEndpointUrl('http://127.0.0.1:4500/events', strict)).toBe('the URL must use https');
  });

  it('refuses what is not an absolute http(s) URL', () => {
    for (const url of ['', 'pms.example.co.uk/hooks', '/hooks', 'https://', 'not a url']) {
      expect(checkEndpointUrl(url, lenient)).toBe('not an absolute URL');
    }
    for (const url of ['ftp://pms.example.co.uk/hooks', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(checkEndpointUrl(url, lenient)).toBe('the URL must use http or https');
    }
  });

  it('refuses credentials in the URL, and never repeats them in the reason', () => {
    for (const url of [
      'https://portal:s3cret@pms.example.co.uk/hooks',
      'https://portal@pms.example.co.uk/hooks',
      'https://:s3cret@pms.example.co.uk/hooks',
    ]) {
      const reason = checkEndpointUrl(url, strict);
      expect(reason).toBe('the URL must not hold a user name or password');
      expect(reason).not.toContain('s3cret');
    }
  });

  it('refuses surrounding white space and a fragment, which a receiver never sees', () => {
    expect(checkEndpointUrl(' https://pms.example.co.uk/hooks', strict)).toBe('not an absolute URL');
    expect(checkEndpointUrl('https://pms.example.co.uk/hooks#part', strict)).toBe(
      'the URL must not have a fragment (#…)',
    );
  });

  it('refuses a URL longer than 2,000 characters', () => {
    const url = `https://pms.example.co.uk/${'a'.repeat(2000)}`;
    expect(checkEndpointUrl(url, strict)).toBe('the URL is longer than 2000 characters');
  });

  it('refuses a host that is not public, by its own code, unless it is allowed (decision 0137)', () => {
    const local = { requireHttps: false, allowedPrivateHosts: noPrivateHosts };
    expect(refuseEndpointUrl('http://127.0.0.1:4500/events', local)).toEqual({
      reason: 'address_refused',
      message: 'the host 127.0.0.1 is a loopback address; webhook endpoints must be public',
    });
    expect(refuseEndpointUrl('https://169.254.169.254/latest/', strict)).toEqual({
      reason: 'address_refused',
      message: 'the host 169.254.169.254 is a cloud metadata address; webhook endpoints must be public',
    });
    expect(refuseEndpointUrl('http://127.0.0.1:4500/events', strict)?.reason).toBe('https_required');
    expect(refuseEndpointUrl('ftp://127.0.0.1/', strict)?.reason).toBe('invalid_url');
    expect(refuseEndpointUrl('http://127.0.0.1:4500/events', lenient)).toBeNull();
  });
});
