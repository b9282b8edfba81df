import {
  acknowledgeOnlineAppointment,
  cancelPracticeAppointment,
  listPracticeEvents,
  listWebhookEndpoints,
  putClient,
  putPet,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
} from '@vet/integration-client/generated/sdk.gen';
import type { AppointmentBookedEvent } from '@vet/integration-client/generated/types.gen';
import { createIntegrationClient } from '@vet/integration-client/integration-client';
import { bookOnlineAsDemoClient, type DemoClientSettings } from './demo-client-booking.ts';
import { isWalkthroughReceiver, startWebhookReceiver, type PracticeEvent } from './webhook-receiver.ts';

/**
 * docs/integration/walkthrough.md, step by step: a practice system's first afternoon against a running
 * portal (`npm start`). Each step prints what it did; any failure throws, naming the step.
 */

export interface WalkthroughSettings {
  apiUrl: string;
  /** The identity provider's token endpoint. */
  tokenUrl: string;
  /** The practice system's machine client (client credentials). */
  machineClient: { clientId: string; clientSecret: string };
  /** The practice whose records the practice system writes (a reference of the demo group). */
  practiceRef: string;
  /** Who books online, for the webhook to follow. */
  demoClient: Omit<DemoClientSettings, 'apiUrl'>;
}

/** What the walkthrough saw, for its test to check. */
export interface WalkthroughResult {
  feedAfter: string;
  clientStatus: number;
  petStatus: number;
  booked: AppointmentBookedEvent;
  refusedSignatures: number;
}

export async function runWalkthrough(
  settings: WalkthroughSettings,
  log: (line: string) => void,
): Promise<WalkthroughResult> {
  // 1. A client that gets its own client-credentials token, and a new one before it ends.
  const client = createIntegrationClient({
    apiUrl: settings.apiUrl,
    tokenUrl: settings.tokenUrl,
    ...settings.machineClient,
  });

  // 2. Read: the event feed, where a practice system without webhooks (or catching up) reads.
  const feed = await listPracticeEvents({ client, query: { limit: 1 }, throwOnError: true });
  const feedAfter = feed.data.next_after;
  log(
    `1-2. Token taken; the event feed answered ${feed.data.events.length} event(s), next page after ${feedAfter}.`,
  );

  // 3. Write a client and their pet by the practice system's own references (idempotent: PUT again is 200).
  const clientRef = 'WALK-C-0001';
  const stored = await putClient({
    client,
    path: { client_ref: clientRef },
    body: {
      practice_ref: settings.practiceRef,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.lovelace@example.com',
      postcode: 'SW4 9LA',
    },
    throwOnError: true,
  });
  const pet = await putPet({
    client,
    path: { pet_ref: 'WALK-P-0001' },
    body: {
      client_ref: clientRef,
      name: 'Babbage',
      species: 'Dog',
      sex: 'Male',
      date_of_birth: '2022-05-01',
    },
    throwOnError: true,
  });
  log(
    `3. Client ${clientRef} stored (${stored.response.status}), pet WALK-P-0001 stored (${pet.response.status}).`,
  );

  // 4. A webhook endpoint, registered by the practice system itself (decision 0112): the receiver verifies
  // every delivery with the secret the registration answers once.
  const receiver = await startWebhookReceiver();
  let endpointId: number | undefined;
  try {
    await removeLeftEndpoints(client);
    const endpoint = await registerWebhookEndpoint({
      client,
      body: { url: receiver.url, event_types: ['appointment.booked'] },
      throwOnError: true,
    });
    endpointId = endpoint.data.id;
    receiver.useSecret(endpoint.data.secret);
    log(`4. Webhook endpoint ${endpointId} registered at ${receiver.url} for appointment.booked.`);

    // 5. A pet owner books online (the script plays them); the portal sends appointment.booked.
    const booking = await bookOnlineAsDemoClient({ ...settings.demoClient, apiUrl: settings.apiUrl });
    log(`5. The demo client booked appointment ${booking.appointmentId} online at ${booking.startsAt}.`);
    const booked = await receiver.waitFor(
      (event: PracticeEvent): event is AppointmentBookedEvent =>
        event.type === 'appointment.booked' && event.data.appointment_id === booking.appointmentId,
    );
    log(`6. Webhook ${booked.id} (${booked.type}) arrived and its signature verified.`);

    // 7. The practice system gives the online booking its own reference, then (tidying up) cancels it.
    const appointmentRef = `WALK-A-${booking.appointmentId}`;
    await acknowledgeOnlineAppointment({
      client,
      path: { appointment_id: booking.appointmentId },
      body: { appointment_ref: appointmentRef },
      throwOnError: true,
    });
    await cancelPracticeAppointment({
      client,
      path: { appointment_ref: appointmentRef },
      throwOnError: true,
    });
    log(`7. Acknowledged as ${appointmentRef}, then cancelled by the practice to leave the diary as it was.`);
    return {
      feedAfter,
      clientStatus: stored.response.status,
      petStatus: pet.response.status,
      booked,
      refusedSignatures: receiver.refused(),
    };
  } finally {
    // Removed with anything still waiting for it: the walkthrough leaves the demo as it found it.
    if (endpointId !== undefined)
      await removeWebhookEndpoint({
        client,
        path: { endpoint_id: endpointId },
        query: { discard_waiting: 'true' },
      });
    await receiver.close();
  }
}

/**
 * A walkthrough stopped half-way leaves its endpoint, at a receiver that is gone and with a secret no later
 * run knows: removed first, with whatever waits for it, so deliveries do not pile up behind a dead URL.
 */
async function removeLeftEndpoints(client: ReturnType<typeof createIntegrationClient>): Promise<void> {
  const { data } = await listWebhookEndpoints({ client, throwOnError: true });
  for (const endpoint of data.endpoints.filter((e) => isWalkthroughReceiver(e.url)))
    await removeWebhookEndpoint({
      client,
      path: { endpoint_id: endpoint.id },
      query: { discard_waiting: 'true' },
      throwOnError: true,
    });
}
