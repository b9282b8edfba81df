import { practiceToday } from '@vet/contracts/pet-rules';
import { connection } from 'next/server';

/**
 * Today on the practices' calendar (YYYY-MM-DD) at this request, for a page to hand its client view. The
 * browser would need a time-zone formatter to work it out, and a phone's first one costs 50–120 ms of its
 * main thread at Lighthouse's 4× slower CPU (profiled on /pets/register); the server has one already.
 */
export async function requestToday(): Promise<string> {
  await connection();
  return practiceToday(new Date());
}
