import { practiceToday } from '@vet/contracts/pet-rules';
import { connection } from 'next/server';

/**
 * Today on the practices' calendar (YYYY-MM-DD) at this request, for a page to hand its client view: the
 * server's render and the browser's hydration then agree on the day, even across midnight or on a phone
 * whose clock is wrong.
 */
export async function requestToday(): Promise<string> {
  await connection();
  return practiceToday(new Date());
}
