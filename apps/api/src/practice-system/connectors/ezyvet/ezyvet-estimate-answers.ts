import { z } from 'zod';
import { answerMarker, answerMessage, type EstimateAnswerData } from '../estimate-answer.ts';
import type { WriteResult } from '../vendor-port.ts';
import { listOf } from './ezyvet-answers.ts';
import { readAll } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { invalid, refusal } from './ezyvet-refusals.ts';
import { epochSeconds } from './ezyvet-time.ts';

/** Unknown/Other (https://developers.ezyvet.com/guides/communications.html), as prescription requests. */
const otherCommunication = 8;
const clockMarginSeconds = 3600;

/** A communication as we read it back: linked to a contact, it may have no animal. */
const contactCommunicationSchema = z.looseObject({
  id: z.coerce.number().int(),
  subject: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});

/** The communication's body: its subject carries the marker a retry looks for. */
export function estimateAnswerCommunication(data: EstimateAnswerData) {
  const verb = data.answer === 'accepted' ? 'accepted' : 'declined';
  return {
    contact_detail_type_id: otherCommunication,
    format: 'PlainText',
    status: 'Done',
    // GUESS: the field linking a communication to a contact; the guide says financial messages "should
    // be mapped to the contact record" without naming it (as `animal_id` links one to an animal).
    contact_id: Number(data.client_ref),
    subject: `Estimate ${verb} online (${answerMarker(data)})`,
    message: answerMessage(data),
  };
}

/**
 * The owner's answer put before the practice's staff in ezyVet (decision 0155). ezyVet documents no
 * write of an estimate (no write-estimate scope in
 * https://developers.ezyvet.com/openapi/billing-and-payments.json), so the answer is a communication
 * linked to the client's contact, as the communications guide asks of financial messages
 * (https://developers.ezyvet.com/guides/communications.html), status Done so ezyVet sends nothing to the
 * client. The staff set the estimate's status; the next read brings it back. Idempotent as
 * prescription requests are (ezyvet-prescription-requests.ts): the marker is looked up first.
 */
export async function writeEstimateAnswer(
  http: EzyvetHttp,
  data: EstimateAnswerData,
  signal?: AbortSignal,
): Promise<WriteResult> {
  if (!data.client_ref) return invalid('The client has no ezyVet reference yet.');
  const body = estimateAnswerCommunication(data);
  const earlier = await readAll(
    http,
    '/v1/communication',
    'communication',
    contactCommunicationSchema,
    {
      contact_id: body.contact_id,
      contact_detail_type_id: otherCommunication,
      created_at: { gte: epochSeconds(data.answered_at) - clockMarginSeconds },
    },
    signal,
  );
  if (earlier.some((row) => row.subject?.endsWith(`(${answerMarker(data)})`)))
    return { outcome: 'written', refs: {} };
  const answer = await http.request('POST', '/v1/communication', {}, body, signal);
  if (answer.status >= 400) return invalid(refusal('the communication', answer));
  listOf(answer.body, 'communication', contactCommunicationSchema);
  return { outcome: 'written', refs: {} };
}
