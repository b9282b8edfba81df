/**
 * A short, human summary of a User-Agent for "Where you are signed in", such as "Chrome on Android" or
 * "Safari on iPhone". Only the summary is stored (web_sessions.device), never the User-Agent, so the
 * portal keeps no more than it shows. No User-Agent parser is installed, and the list needs only the
 * common families: anything else reads as "Another browser" or "another device". Order matters: Edge,
 * Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** The longest User-Agent looked at: real ones are a few hundred characters. */
const maxLength = 1000;

export function summariseUserAgent(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, maxLength);
  const browser = browsers.find(([pattern]) => pattern.test(text))?.[1];
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (!browser && !system) return 'Unknown browser and device';
  return `${browser ?? 'Another browser'} on ${system ?? 'another device'}`;
}
