import { describe, expect, it } from 'vitest';
import { allowsAnalytics, consentCookie, isConsentRecorded, readCookie } from './consent-cookie';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; OptanonConsent=true; b=2', 'OptanonConsent')).toBe('true');
    expect(readCookie('x=hello%20there', 'x')).toBe('hello there');
    expect(readCookie('MyOptanonConsent=true', 'OptanonConsent')).toBeUndefined();
    expect(readCookie('', 'OptanonConsent')).toBeUndefined();
  });

  it('keeps a value it cannot decode as it is', () => {
    expect(readCookie('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
  });
});

describe('isConsentRecorded', () => {
  it('is false while the cookie is absent or empty, true with any value', () => {
    expect(isConsentRecorded('')).toBe(false);
    expect(isConsentRecorded('other=1')).toBe(false);
    expect(isConsentRecorded('OptanonConsent=')).toBe(false);
    expect(isConsentRecorded('OptanonConsent=true')).toBe(true);
  });
});

describe('allowsAnalytics', () => {
  it("allows analytics with the banner's value", () => {
    expect(allowsAnalytics('OptanonConsent=true')).toBe(true);
    expect(allowsAnalytics('')).toBe(false);
  });

  it("honours the performance group of a OneTrust value from the provider's site", () => {
    const oneTrust = (groups: string) =>
      `OptanonConsent=${encodeURIComponent(`isGpcEnabled=0&datestamp=x&groups=${groups}&hosts=`)}`;
    expect(allowsAnalytics(oneTrust('C0001:1,C0002:1,C0004:0'))).toBe(true);
    expect(allowsAnalytics(oneTrust('C0001:1,C0002:0'))).toBe(false);
  });

  it('treats a value it does not understand as no consent', () => {
    expect(allowsAnalytics('OptanonConsent=false')).toBe(false);
    expect(allowsAnalytics('OptanonConsent=yes-please')).toBe(false);
  });
});

describe('consentCookie', () => {
  it('stores true for 365 days on path /, SameSite=Lax', () => {
    expect(consentCookie({ secure: false })).toBe(
      'OptanonConsent=true; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('is Secure on https', () => {
    expect(consentCookie({ secure: true })).toBe(
      'OptanonConsent=true; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });
});
