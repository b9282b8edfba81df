import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { stripeWebhookPath } from './webhook-routes.ts';

const database = useTestDatabase();

describe('a webhook whose signature fails, in the API’s log lines', () => {
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: {
        LOG_LEVEL: 'info',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_securitylogtest',
        STRIPE_WEBHOOK_SECRET: 'whsec_securitylogtest',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
      logger: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => app.close());

  it('is a security event naming the provider, with neither the body nor the signature', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      data: { object: { email: 'owner@example.com' } },
    });
    const response = await app.inject({
      method: 'POST',
      url: stripeWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forgedsignature' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const events = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.securityEvent);
    expect(events).toEqual([
      expect.objectContaining({ securityEvent: 'webhook_signature_refused', provider: 'stripe' }),
    ]);
    const logged = logLines.join('\n');
    expect(logged).not.toContain('owner@example.com');
    expect(logged).not.toContain('forgedsignature');
  });
});
