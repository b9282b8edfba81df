import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { WriteResult } from '../vendor-port.ts';
import { communicationSchema, listOf } from './ezyvet-answers.ts';
import { readAll } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { invalid, refusal } from './ezyvet-refusals.ts';
import { epochSeconds } from './ezyvet-time.ts';

type Requested = PracticeEventData<'prescription.requested'>;

/**
 * The communication guide's type for "any communication that doesn't fit into the other types" (8,
 * Unknown/Other): a message from the client through the portal is none of e-mail, SMS, call or letter.
 */
const otherCommunication = 8;

/** Our write is never older than the request; an hour's margin covers a clock that runs behind ours. */
const clockMarginSeconds = 3600;

const supplyText = (data: Requested) =>
  data.supply === 'collect'
    ? 'To collect from the practice.'
    : `A written prescription for a pharmacy; fee shown to the client £${(data.fee_pence / 100).toFixed(2)}.`;

/** What the practice's staff read: each medicine as the practice system named it, how to supply it, the note. */
export function requestMessage(data: Requested): string {
  const items = data.items.map(
    (item) =>
      `- ${item.medicine}${item.strength ? ` (${item.strength})` : ''}, ${item.category}: ` +
      `${item.quantity} × ${item.unit} [${item.medication_ref}]`,
  );
  return [
    `The client asked through the portal for repeats of these medicines (portal request ${data.request_id}):`,
    ...items,
    supplyText(data),
    ...(data.note ? [`Client's note: ${data.note}`] : []),
  ].join('\n');
}

/**
 * A repeat prescription request put before the practice's staff in ezyVet (decision 0121): a communication
 * linked to the animal (https://developers.ezyvet.com/guides/communications.html: linked to an animal,
 * ezyVet links it to the animal's contact too), not a prescription: ezyVet creates those once a vet has
 * approved. Status Done ("do not want it to send from ezyVet"): Pending would have ezyVet send it to the
 * client once a user actions it. Its subject names the portal's request and is looked up first (among the
 * animal's communications of that type since the request), so a retry after a lost answer finds the first
 * write without reading the animal's whole history.
 */
export async function writePrescriptionRequest(
  http: EzyvetHttp,
  data: Requested,
  signal?: AbortSignal,
): Promise<WriteResult> {
  if (!data.pet_ref) return invalid('The pet has no ezyVet reference yet.');
  const animalId = Number(data.pet_ref);
  const marker = `portal request ${data.request_id}`;
  const earlier = await readAll(
    http,
    '/v1/communication',
    'communication',
    communicationSchema,
    {
      animal_id: animalId,
      contact_detail_type_id: otherCommunication,
      created_at: { gte: epochSeconds(data.requested_at) - clockMarginSeconds },
    },
    signal,
  );
  const found = earlier.find((row) => row.subject?.endsWith(`(${marker})`));
  if (found) return { outcome: 'written', refs: { prescription_request_ref: String(found.id) } };
  const body = {
    contact_detail_type_id: otherCommunication,
    format: 'PlainText',
    status: 'Done',
    animal_id: animalId,
    subject: `Repeat prescription request (${marker})`,
    message: requestMessage(data),
  };
  const answer = await http.request('POST', '/v1/communication', {}, body, signal);
  if (answer.status >= 400) return invalid(refusal('the communication', answer));
  const [created] = listOf(answer.body, 'communication', communicationSchema).rows;
  if (!created) throw new Error('ezyVet created a communication without answering it');
  return { outcome: 'written', refs: { prescription_request_ref: String(created.id) } };
}
