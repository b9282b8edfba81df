import type { EstimateAnswer } from '@vet/contracts/bill-rules';

/**
 * The owner's answer to an estimate as a connector writes it (issue 63): the data of the practice events
 * `estimate.accepted` and `estimate.declined`, which another part of issue 63 adds to
 * @vet/contracts/practice-events. Until then the vendor writers take this shape. FINISH: once the events
 * exist, type `answerEstimate` in VendorWrites by `PracticeEventData<'estimate.accepted' |
 * 'estimate.declined'>`, map the event type to `answer` in writeEvent (vendor-port.ts), and rename a
 * field below where the event's differs.
 */
export interface EstimateAnswerData {
  answer: EstimateAnswer;
  estimate_id: number;
  /** The practice system's reference (estimate_ref): every estimate came from it, so it is known. */
  estimate_ref: string;
  client_id: number;
  client_ref: string | null;
  /** The revision the owner read and answered. */
  revision: number;
  /** The total agreed or declined, VAT included, in pence. */
  total_pence: number;
  /** The owner's reason, on a decline. */
  reason: string | null;
  answered_at: string;
}

/** What the practice's staff read of an answer, the same for every vendor that takes it as a note. */
export function answerMessage(data: EstimateAnswerData): string {
  const pounds = `£${(data.total_pence / 100).toFixed(2)}`;
  return [
    data.answer === 'accepted'
      ? `The client accepted estimate ${data.estimate_ref} (revision ${data.revision}) online, total ${pounds} including VAT.`
      : `The client declined estimate ${data.estimate_ref} (revision ${data.revision}) online, total ${pounds} including VAT.`,
    ...(data.reason ? [`Client's reason: ${data.reason}`] : []),
    `Answered ${data.answered_at}. Set the estimate's status in the practice system to match.`,
  ].join('\n');
}

/** The marker a write puts in its subject, looked up before a retry writes again. */
export const answerMarker = (data: EstimateAnswerData) =>
  `portal estimate ${data.estimate_id} revision ${data.revision}`;
