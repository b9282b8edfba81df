import { describe, expect, it } from 'vitest';
import { readProvetWebhook } from './provet-webhooks.ts';

describe("Provet Cloud's webhook notices", () => {
  it('names the kinds to read sooner for each trigger the connector reads', () => {
    expect(readProvetWebhook({ appointment_id: '123' })).toEqual({
      outcome: 'hint',
      parameter: 'appointment_id',
      kinds: ['closures', 'appointments'],
    });
    expect(readProvetWebhook({ client_id: 7 })).toMatchObject({ kinds: ['clients'] });
    expect(readProvetWebhook({ patient_id: '8' })).toMatchObject({ kinds: ['pets'] });
    expect(readProvetWebhook({ consultation_id: '9' })).toMatchObject({ kinds: ['appointments'] });
  });

  it('tells a trigger it does not read from a body that is no notice', () => {
    expect(readProvetWebhook({ invoice_id: '5' })).toEqual({ outcome: 'not-read', parameter: 'invoice_id' });
    for (const body of [null, 'appointment_id=1', ['appointment_id'], {}, { name: 'Rex' }])
      expect(readProvetWebhook(body)).toMatchObject({ outcome: 'malformed' });
    for (const id of ['0', '-1', '1.5', 'abc', '', '12345678901234567890'])
      expect(readProvetWebhook({ appointment_id: id })).toMatchObject({ outcome: 'malformed' });
  });
});
