/**
 * Texts that leave a person's hands (error messages, event properties) can carry what they typed: an
 * e-mail address, a phone number, a postcode. Both the API's logs and the browser's telemetry replace
 * anything of those shapes with this one list, before the text goes anywhere.
 */
const patterns: [RegExp, string][] = [
  [/[^\s@<>()"']+@[^\s@<>()"']+\.[^\s@<>()"']+/g, '[email]'],
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, '[postcode]'],
  [/\+?\d[\d\s-]{5,}\d/g, '[number]'],
];

export function scrubPersonalData(text: string): string {
  return patterns.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);
}
