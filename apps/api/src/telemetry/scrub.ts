/**
 * Error messages from a browser can carry what a person typed (an e-mail address, a phone number, a
 * postcode). The API logs them only after replacing anything of those shapes.
 */
const patterns: [RegExp, string][] = [
  [/[^\s@<>()"']+@[^\s@<>()"']+\.[^\s@<>()"']+/g, '[email]'],
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, '[postcode]'],
  [/\+?\d[\d\s-]{5,}\d/g, '[number]'],
];

export function scrubPersonalData(text: string): string {
  return patterns.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);
}
