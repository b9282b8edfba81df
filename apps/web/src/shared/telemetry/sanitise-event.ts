import { scrubPersonalData } from '@vet/contracts/personal-data';

const maxTextLength = 200;
const maxErrors = 20;

/** Error texts can echo what a person typed: replace personal data and cap the length. */
function scrub(text: string): string {
  return scrubPersonalData(text).slice(0, maxTextLength);
}

/**
 * A defensive pass over an event's properties before they leave the page. The types already keep
 * personal data out; this catches an e-mail address, phone number or postcode inside a server's error message.
 */
export function sanitiseEventProperties<T extends object>(properties: T): T {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    if (typeof value === 'string') clean[key] = scrub(value);
    else if (Array.isArray(value))
      clean[key] = (value as unknown[])
        .slice(0, maxErrors)
        .map((item) => (typeof item === 'string' ? scrub(item) : item));
    else clean[key] = value;
  }
  return clean as T;
}
