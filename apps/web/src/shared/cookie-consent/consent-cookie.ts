/**
 * The consent cookie (R3.16, R4.12, R9.3): `OptanonConsent`, kept 365 days on path /. Pure helpers over a
 * `document.cookie`-style string, so they test without a browser.
 */
export const consentCookieName = 'OptanonConsent';
export const consentCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The value of one cookie in a `name=value; name2=value2` string, decoded; undefined when absent. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** R4.12: the banner shows while the consent cookie is absent or empty. */
export function isConsentRecorded(cookieHeader: string): boolean {
  return (readCookie(cookieHeader, consentCookieName) ?? '') !== '';
}

/**
 * Whether the recorded choice allows analytics. The portal's own banner writes `true`. A value in
 * OneTrust's format (`...&groups=C0001:1,C0002:0&...`, written by the provider's main site on a shared
 * domain) counts only when its performance group C0002 is on. Anything else is no consent: the safe
 * reading of a value we do not understand.
 */
export function allowsAnalytics(cookieHeader: string): boolean {
  const value = readCookie(cookieHeader, consentCookieName) ?? '';
  if (value === 'true') return true;
  const groups = /(?:^|&)groups=([^&]*)/.exec(value)?.[1];
  return groups !== undefined && groups.split(',').includes('C0002:1');
}

/** The Set-Cookie-style string the banner's close button writes. Secure on https. */
export function consentCookie(options: { secure: boolean }): string {
  const parts = [
    `${consentCookieName}=true`,
    `Max-Age=${consentCookieMaxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
