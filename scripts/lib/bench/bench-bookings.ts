import { randomUUID } from 'node:crypto';
import { slotSearchPath, type BenchClient } from './bench-clients.ts';
import { send, type PlannedRequest } from './open-loop.ts';

/**
 * A booking per client at a start its own slot search offered (untimed, a few searches at a time; this
 * also warms the API up). A client whose search finds nothing is left out.
 */
export async function prepareBookings(
  apiUrl: string,
  clients: BenchClient[],
  reasonId: number,
): Promise<PlannedRequest[]> {
  const bookings: PlannedRequest[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < clients.length) {
        const client = clients[next++]!;
        const headers = { authorization: client.authorization };
        const answer = await send(apiUrl, { method: 'GET', path: slotSearchPath(client, reasonId), headers });
        const slots =
          answer.status === 200 ? (JSON.parse(answer.body) as { slots: { startsAt: string }[] }).slots : [];
        const slot = slots[Math.floor(Math.random() * slots.length)];
        if (!slot) continue;
        bookings.push({
          method: 'POST',
          path: '/appointments',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: {
            practiceId: client.practiceId,
            petId: client.petId,
            appointmentReasonId: reasonId,
            startsAt: slot.startsAt,
          },
        });
      }
    }),
  );
  return bookings;
}
