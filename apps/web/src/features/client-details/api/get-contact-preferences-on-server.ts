import {
  contactPreferencesResponseSchema,
  type ContactPreferencesResponse,
} from '@vet/contracts/contact-preferences';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /client/contact-preferences while a page renders on the server, as the signed-in client: the
 * preferences, or undefined when they cannot be known there (not linked yet, signed out, the API
 * unreachable); the browser then asks.
 */
export async function getContactPreferencesOnServer(): Promise<ContactPreferencesResponse | undefined> {
  return (await getFromApiOnServer(['client', 'contact-preferences'], contactPreferencesResponseSchema)).data;
}
