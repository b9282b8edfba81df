import { homePracticeSchema, type HomePractice } from '@vet/contracts/home-practice';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /client/practice while a page renders on the server, as the signed-in client: the home practice, or
 * undefined when it cannot be known there (not linked yet, signed out, the API unreachable); the browser
 * then asks.
 */
export async function getHomePracticeOnServer(): Promise<HomePractice | undefined> {
  return (await getFromApiOnServer(['client', 'practice'], homePracticeSchema)).data;
}
