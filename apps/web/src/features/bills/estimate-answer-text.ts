import type { EstimateDetail } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { estimateStateLabel } from './bill-text';

/**
 * The contract's `declineReasonMaxLength`, here as a number: importing the contract's module would bring
 * zod into the page (decision 0032). estimate-answer-text.test.ts checks the two agree.
 */
export const declineReasonLimit = 500;

/** What is wrong with a decline's reason, in the words the API uses; null when it can be sent. */
export function declineReasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'Tell the practice why you are declining.';
  if (trimmed.length > declineReasonLimit) return `Keep the reason under ${declineReasonLimit} characters.`;
  return null;
}

/**
 * Why an answer was refused with 409, read from the estimate as it now stands (read again after the
 * refusal): the practice revised it after the revision the owner read, or it was answered or expired
 * meanwhile (another tab, another device).
 */
export function conflictText(estimate: EstimateDetail, answeredRevision: number): string {
  if (estimate.revision > answeredRevision && estimate.state === 'needsAnswer') {
    const was =
      estimate.previousTotalPence === null ? '' : ` (it was ${formatPounds(estimate.previousTotalPence)})`;
    return (
      `The practice revised this estimate while you were reading it: the total is now ` +
      `${formatPounds(estimate.totalPence)}${was}. Nothing was sent. Please read it again before you answer.`
    );
  }
  if (estimate.state === 'accepted' || estimate.state === 'declined') {
    return `This estimate was already answered (${estimateStateLabel(estimate.state)}), so nothing more was sent.`;
  }
  if (estimate.state === 'expired') return 'This estimate has expired, so it can no longer be accepted.';
  if (estimate.state === 'superseded') {
    return 'The practice has replaced this estimate with a newer one, so it can no longer be answered.';
  }
  return 'This estimate changed while you were reading it, so nothing was sent. Please read it again before you answer.';
}

/** "Revised: was £X", for an estimate whose total the practice changed; null when never revised. */
export function revisedText(
  estimate: Pick<EstimateDetail, 'previousTotalPence' | 'totalPence'>,
): string | null {
  if (estimate.previousTotalPence === null || estimate.previousTotalPence === estimate.totalPence)
    return null;
  return `Revised: was ${formatPounds(estimate.previousTotalPence)}`;
}

/**
 * An accepted estimate revised below the threshold after (shown, not asked again, decision 0151): "You
 * agreed £X; the practice has revised it to £Y". Null otherwise.
 */
export function agreedRevisionText(
  estimate: Pick<EstimateDetail, 'state' | 'agreedTotalPence' | 'totalPence'>,
): string | null {
  const { state, agreedTotalPence, totalPence } = estimate;
  if (state !== 'accepted' || agreedTotalPence === null || agreedTotalPence === totalPence) return null;
  return `You agreed ${formatPounds(agreedTotalPence)}; the practice has revised it to ${formatPounds(totalPence)}.`;
}
