import { addressLookupErrorCodes, addressLookupMessages } from '@vet/contracts/address-rules';
import { apiProblem } from '@/shared/api/api-problem';

export interface LookupProblem {
  message: string;
  /**
   * `off`: the portal has no lookup (ADDRESS_PROVIDER=off), stop offering the search; `unavailable`: it
   * failed this time, type the address (or search again later); `refused`: the API's own 4xx words.
   */
  kind: 'off' | 'unavailable' | 'refused';
}

/**
 * What a failed search or retrieval tells the person (decision 0098): a lookup that is off, or failing,
 * or an answer that never came, sends them to the address fields; a 4xx with words of its own (too many
 * searches) says those. Never R8.5's "Submission failed": nothing was submitted.
 */
export function lookupProblem(error: unknown): LookupProblem {
  const { status, message, code } = apiProblem(error);
  if (code === addressLookupErrorCodes.off) return { message: addressLookupMessages.off, kind: 'off' };
  if (status !== null && status >= 400 && status < 500 && message) return { message, kind: 'refused' };
  return { message: addressLookupMessages.unavailable, kind: 'unavailable' };
}
