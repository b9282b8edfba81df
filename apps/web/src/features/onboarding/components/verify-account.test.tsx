// @vitest-environment jsdom
import { buildProfile } from '@vet/contracts/testing/builders';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeVerification } from '@/features/onboarding/onboarding-storage';
import {
  grantConsent,
  ok,
  problem,
  renderWithApi,
  revokeConsent,
  trackedEvents,
  type FakeRoute,
} from '@/features/onboarding/testing/render-with-api';
import { VerifyAccount, type VerifyAccountProps } from './verify-account';
import { describedControl } from '@/testing/accessible-description';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('@/shared/auth-session/session-client', () => ({ signOut: vi.fn(() => Promise.resolve()) }));

beforeEach(grantConsent);
afterEach(() => {
  cleanup();
  revokeConsent();
  sessionStorage.clear();
  router.replace.mockClear();
});

function renderVerify(activationStatus: VerifyAccountProps['activationStatus'], route: FakeRoute) {
  const onLinked = vi.fn();
  const view = renderWithApi(
    <VerifyAccount activationStatus={activationStatus} email="sam@example.com" onLinked={onLinked} />,
    route,
  );
  return { ...view, onLinked };
}

/** The link's step, once every call the page might make on its own has been made. */
async function linkStep() {
  const button = await screen.findByRole('button', { name: 'Link my account' });
  await act(() => Promise.resolve());
  return button;
}

const linked = buildProfile();

/** The calls that change something: the page's own read of the link stage (decision 0077) left out. */
const writes = (calls: readonly { method: string }[]) => calls.filter((call) => call.method !== 'GET');

describe('VerifyAccount (/verified, signed in)', () => {
  it('links nothing on load: it asks first, naming the account, and a reload asks again', async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signup' });
    const route: FakeRoute = () => ok(linked);
    const { calls, onLinked } = renderVerify('NOT_STARTED', route);
    await linkStep();
    expect(
      screen.getByRole('heading', { name: "Link this account to your practice's record?" }).tagName,
    ).toBe('H2');
    expect(screen.getByText('Signed in as sam@example.com.')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(onLinked).not.toHaveBeenCalled();

    cleanup();
    const reloaded = renderVerify('NOT_STARTED', route);
    await linkStep();
    expect(reloaded.calls).toEqual([]);
    expect(sessionStorage.getItem('vCode')).toBe('246810');
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("links with the e-mailed link's code and client id on the press, clears them, and opens the dashboard", async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signup' });
    const { calls, onLinked } = renderVerify('NOT_STARTED', ({ method, path }) =>
      method === 'PATCH' && path === '/client/verify' ? ok(linked) : undefined,
    );
    fireEvent.click(await linkStep());
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(calls).toMatchObject([
      { method: 'PATCH', path: '/client/verify', body: { code: '246810', clientId: 42 } },
    ]);
    expect(onLinked).toHaveBeenCalledWith(linked);
    expect([
      sessionStorage.getItem('vCode'),
      sessionStorage.getItem('vClientId'),
      sessionStorage.getItem('vMode'),
    ]).toEqual([null, null, null]);
    expect(trackedEvents()).toEqual([{ event: 'Sign Up Succeeded', signUpSucceeded: true }]);
  });

  it('says plainly when the link did not work, forgets its code, and offers the way on', async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signin' });
    renderVerify('NOT_STARTED', () => problem(400, 'This code has expired. Ask for a new one.'));
    fireEvent.click(await linkStep());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The link in your e-mail did not work');
    expect(alert.textContent).toContain('This code has expired. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Find your record' }).getAttribute('href')).toBe('/registration');
    expect(sessionStorage.getItem('vCode')).toBeNull();
    expect(trackedEvents()).toEqual([
      {
        event: 'Sign Up Failed',
        signUpFailedReason: 'VerificationFailed',
        errorMessage: '400 This code has expired. Ask for a new one.',
      },
    ]);
  });

  it('offers the dashboard or another account when the record is linked already', async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signin' });
    renderVerify('STARTED', () => problem(409, 'This record is already linked to another account.'));
    fireEvent.click(await linkStep());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This record is already linked to another account.');
    expect(within(alert).getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
    expect(
      within(alert).getByRole<HTMLButtonElement>('button', {
        name: 'Log out and sign in with another account',
      }).disabled,
    ).toBe(false);
  });

  it('does not link when the person declines: the link is forgotten, and the code can still be typed', async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signin' });
    const { calls } = renderVerify('STARTED', () => ok(linked));
    await linkStep();
    fireEvent.click(screen.getByRole('button', { name: 'Do not link' }));
    expect(screen.getByLabelText(/^6-digit code/)).toBeTruthy();
    expect(sessionStorage.getItem('vCode')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it("STARTED: a typed code that is wrong shows the API's words under the field", async () => {
    const { calls, onLinked } = renderVerify('STARTED', () =>
      problem(400, 'That code is not right. You have 4 tries left.'),
    );
    const input = screen.getByLabelText(/^6-digit code/);
    // A phone offers its number pad, and the code from the e-mail or SMS (it was on the field's box before).
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my account' }));
    expect(describedControl(await screen.findByText('Enter the 6-digit code from the e-mail.'))).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);

    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my account' }));
    expect(describedControl(await screen.findByText('That code is not right. You have 4 tries left.'))).toBe(
      input,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toMatchObject([
      { method: 'PATCH', path: '/client/verify', body: { code: '123456' } },
    ]);
    expect(onLinked).not.toHaveBeenCalled();
    expect(trackedEvents()).toEqual([
      {
        event: 'Sign Up Failed',
        signUpFailedReason: 'VerificationFailed',
        errorMessage: '400 That code is not right. You have 4 tries left.',
      },
    ]);
  });

  it('STARTED: says the masked address the code went to, and when (the link stage)', async () => {
    const sentAt = '2026-11-26T10:42:00.000Z';
    renderVerify('STARTED', ({ method, path }) =>
      method === 'GET' && path === '/signup/link-stage'
        ? ok({
            stage: 'code-sent',
            maskedEmail: 'j•••@e•••.co.uk',
            sentAt,
            expiresAt: '2026-11-26T11:12:00.000Z',
            resendAt: '2026-11-26T10:43:00.000Z',
          })
        : undefined,
    );
    const at = new Date(sentAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(
      await screen.findByText(
        (_, node) =>
          node?.tagName === 'P' &&
          node.textContent?.startsWith(`We e-mailed a 6-digit code to j•••@e•••.co.uk at ${at}.`) === true,
      ),
    ).toBeTruthy();
  });

  it('STARTED: a right code links the account', async () => {
    const { onLinked } = renderVerify('STARTED', () => ok(linked));
    fireEvent.change(screen.getByLabelText(/^6-digit code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my account' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(onLinked).toHaveBeenCalledWith(linked);
    expect(trackedEvents()).toEqual([{ event: 'Sign Up Succeeded', signUpSucceeded: true }]);
  });

  it("sends a new code and says when; too soon, it shows the API's words", async () => {
    let answer = { status: 204 } as { status: number; body?: unknown };
    renderVerify('STARTED', ({ method, path }) =>
      method === 'POST' && path === '/signup/resend' ? answer : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^We sent a new code at \d\d:\d\d\. Use the code in the newest e-mail\.$/,
    );

    answer = problem(429, 'You can ask for a new code once a minute.');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can ask for a new code once a minute.');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('NOT_STARTED without a code: explains, and leads to finding the record', () => {
    renderVerify('NOT_STARTED', () => undefined);
    expect(screen.getByRole('heading', { name: 'No code is waiting for your account' }).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'Find your record' }).getAttribute('href')).toBe('/registration');
  });

  it('COMPLETED: nothing to verify, straight to the dashboard', () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signin' });
    const { calls } = renderVerify('COMPLETED', () => undefined);
    expect(router.replace).toHaveBeenCalledWith('/');
    expect(calls).toEqual([]);
    expect(sessionStorage.getItem('vCode')).toBeNull();
  });
});
