import { clientProfileSchema, type ClientProfile } from '@vet/contracts/profile';
import { cache } from 'react';
import { z } from 'zod';
import { getFromApiOnServer, type ServerApiResult } from '@/shared/bff/server-api';
import { readProfile } from './profile-response';

/** On the server the answer is still checked against the contract before it is rendered into a page. */
const profileResponseSchema = z.preprocess(readProfile, clientProfileSchema);

/**
 * GET /client/profile while a page renders on the server, as the signed-in person: the profile, or
 * undefined when it cannot be known there (no profile yet, signed out, the API unreachable). The browser
 * then asks for it itself, as it would have without this. Asked once per request, however many parts of
 * the page want it (the layout and the page render side by side).
 */
export const getProfileOnServer = cache(async (): Promise<ClientProfile | undefined> => {
  return (await profileAnswerOnServer()).data;
});

/**
 * The API's whole answer, for a frame drawn on the server, which must tell "no profile yet" (404, R4.1)
 * from "could not be loaded". Asked once per request, as above.
 */
export const profileAnswerOnServer = cache((): Promise<ServerApiResult<ClientProfile>> =>
  getFromApiOnServer(['client', 'profile'], profileResponseSchema),
);
