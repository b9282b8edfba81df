import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AppointmentDetail,
  AppointmentSlots,
  BookAppointmentBody,
} from '@vet/contracts/appointment-booking';
import type { HomePractice } from '@vet/contracts/home-practice';
import type { AppointmentReason } from '@vet/contracts/lookups';
import type { Pet } from '@vet/contracts/pets';
import { Browser, hiddenValue } from '../../../apps/idp/src/testing/browser.ts';

/**
 * The pet owner's part of the walkthrough, played by the script so that it runs unattended: what a
 * person does in the portal's pages (sign in at the embedded identity provider, pick a pet, a reason and
 * the first free time, book), done over HTTP as the web app does it. A practice system never does this;
 * it only sees the `appointment.booked` webhook that follows.
 */

export interface DemoClientSettings {
  /** The embedded identity provider (`npm start`: http://localhost:4100). */
  issuer: string;
  /** The web's address, where the provider sends a signed-in person back (`npm start`: http://localhost:3000). */
  portalUrl: string;
  /** The web's OpenID Connect client at the provider: its id and secret (a local run's defaults). */
  webClient: { clientId: string; clientSecret: string };
  account: { email: string; password: string };
  apiUrl: string;
}

const random = () => randomBytes(32).toString('base64url');

/** An access token for the account: the authorization code flow with PKCE, as the web's sign-in does. */
async function signIn(settings: DemoClientSettings): Promise<string> {
  const browser = new Browser();
  const verifier = random();
  const state = random();
  const redirectUri = `${settings.portalUrl}/api/auth/callback/azure-ad`;
  const authorize = new URLSearchParams({
    client_id: settings.webClient.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile offline_access',
    state,
    nonce: random(),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const form = await browser.follow(
    await browser.request(`${settings.issuer}/auth?${authorize.toString()}`),
    settings.issuer,
  );
  const signedIn = await browser.follow(
    await browser.request(new URL(`${form.url.pathname}/login`, settings.issuer), {
      csrf: hiddenValue(form.body, 'csrf'),
      email: settings.account.email,
      password: settings.account.password,
    }),
    settings.issuer,
  );
  const code = signedIn.location?.searchParams.get('code');
  if (!code || signedIn.location?.searchParams.get('state') !== state)
    throw new Error(`The demo client's sign-in did not return to the portal (${signedIn.status}).`);
  const { clientId, clientSecret } = settings.webClient;
  const answer = await fetch(`${settings.issuer}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!answer.ok) throw new Error(`The provider refused the demo client's code (${answer.status}).`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** Signs the demo client in and books the first free time for their first living pet; the booking. */
export async function bookOnlineAsDemoClient(settings: DemoClientSettings): Promise<AppointmentDetail> {
  const authorization = `Bearer ${await signIn(settings)}`;
  const call = async <T>(path: string, body?: BookAppointmentBody): Promise<T> => {
    const answer = await fetch(`${settings.apiUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!answer.ok) throw new Error(`${body ? 'POST' : 'GET'} ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const practice = await call<HomePractice>('/client/practice');
  const pet = (await call<Pet[]>('/v2/pets')).find(
    (each) => each.status === 'Active' && !each.awaitingInitialConsultation,
  );
  if (!pet) throw new Error('The demo client has no living pet to book for.');
  const reason = (await call<AppointmentReason[]>('/lookup/online-appointment-reasons')).find(
    (each) =>
      !each.isInitialConsultation &&
      (each.speciesIds.length === 0 || each.speciesIds.includes(pet.speciesId)),
  );
  if (!reason) throw new Error("No reason the demo client's pet can be booked for online.");
  const { slots } = await call<AppointmentSlots>(
    `/v2/practices/${practice.id}/appointment-slots?appointmentReasonId=${reason.appointmentReasonId}&petId=${pet.petId}`,
  );
  const slot = slots[0];
  if (!slot) throw new Error(`No free time at ${practice.name} for ${reason.name}.`);
  return call<AppointmentDetail>('/appointments', {
    practiceId: practice.id,
    petId: pet.petId,
    appointmentReasonId: reason.appointmentReasonId,
    startsAt: slot.startsAt,
  });
}
