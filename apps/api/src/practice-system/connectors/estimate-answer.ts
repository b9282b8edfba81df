import type { PracticeEventData } from '@vet/contracts/practice-events';

/**
 * The owner's answer to an estimate as a connector writes it (issue 63): the data of the practice events
 * `estimate.accepted` and `estimate.declined`, and which of the two it is.
 */
export type EstimateAnswerData =
  | (PracticeEventData<'estimate.accepted'> & { answer: 'accepted'; reason?: undefined })
  | (PracticeEventData<'estimate.declined'> & { answer: 'declined' });

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
