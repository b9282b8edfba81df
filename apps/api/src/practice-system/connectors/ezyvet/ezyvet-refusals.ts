import type { WriteResult } from '../vendor-port.ts';
import type { EzyvetAnswer } from './ezyvet-http.ts';

export const invalid = (message: string): WriteResult => ({ outcome: 'refused', reason: 'invalid', message });

/** A refusal's message: the status and ezyVet's error type, never its text (it may quote the record). */
export const refusal = (what: string, answer: EzyvetAnswer) => {
  const type = (answer.body as { messages?: { type?: unknown }[] } | null)?.messages?.[0]?.type;
  return `ezyVet refused ${what} (${answer.status}${typeof type === 'string' ? ` ${type}` : ''})`;
};
