import { practiceEventId, type PracticeEventEnvelope } from '@vet/contracts/practice-events';

/**
 * An event's webhook body: the envelope `{id, type, timestamp, data}` (the Standard Webhooks payload
 * shape), built from the stored event alone so that every retry, from any instance, sends the same bytes.
 * `data` comes back from jsonb with its keys in jsonb's own order, the same on every read.
 */
export function eventBody(event: {
  eventId: number;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}): string {
  const envelope = {
    id: practiceEventId(event.eventId),
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: event.data,
  } as PracticeEventEnvelope;
  return JSON.stringify(envelope);
}
