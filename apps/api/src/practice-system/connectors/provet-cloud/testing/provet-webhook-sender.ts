import type { ProvetCollection, StoredRecord } from './provet-store.ts';

/**
 * The stand-in's webhooks (https://developers.provetcloud.com/restapi/webhooks.html): when a record of a
 * trigger's kind is created or changed, an HTTP POST to the URL set for it, with "data identifying what
 * type of data was updated, and the ID of the object. Example: consultation_id=123", retried while the
 * answer is not 200 ("retried up to 10 times"). Where the documentation is silent the stand-in chooses:
 * the body is form-encoded, as the example reads; the webhook is organisation-wide (no department); each
 * retry follows a short pause (the documentation gives no interval); a phone number's change is its
 * client's (the stand-in stamps the client modified).
 */
const parameterOf: Partial<Record<ProvetCollection, string>> = {
  client: 'client_id', // trigger 1 (webhook_triggers.html)
  patient: 'patient_id', // trigger 2
  appointment: 'appointment_id', // trigger 21; its parameter name is not written out: assumed
};
const attempts = 10;
const retryPauseMs = 50;

export interface WebhookDelivery {
  body: string;
  status: number | 'network';
  attempt: number;
}

export class ProvetWebhookSender {
  /** The URL webhooks are sent to; null: none set up (the stand-in's default). */
  url: string | null = null;
  readonly deliveries: WebhookDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();

  changed(collection: ProvetCollection, record: StoredRecord): void {
    const parameter = parameterOf[collection];
    if (!this.url || !parameter) return;
    const sending = this.send(this.url, `${parameter}=${record.id}`);
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Every webhook sent so far has been answered (or given up). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async send(url: string, body: string): Promise<void> {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let status: number | 'network';
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        await response.body?.cancel();
        status = response.status;
      } catch {
        status = 'network';
      }
      this.deliveries.push({ body, status, attempt });
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }
}
