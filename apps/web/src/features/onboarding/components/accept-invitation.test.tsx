// @vitest-environment jsdom
import { buildProfile } from '@vet/contracts/testing/builders';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredInvitation, storeInvitation } from '@/features/onboarding/onboarding-storage';
import {
  grantConsent,
  ok,
  problem,
  renderWithApi,
  revokeConsent,
  trackedEvents,
  type FakeAnswer,
} from '@/features/onboarding/testing/render-with-api';
import { AcceptInvitation } from './accept-invitation';

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

const invitation = { registrationCode: 'HV7K-3MQ9-XP2D', lastName: 'Davies' };

function renderInvitation(answers: FakeAnswer[]) {
  const onLinked = vi.fn();
  const view = renderWithApi(
    <AcceptInvitation activationStatus="NOT_STARTED" email="charlotte@example.com" onLinked={onLinked} />,
    () => answers.shift(),
  );
  return { ...view, onLinked };
}

/** The invitation's step, once every call the page might make on its own has been made. */
async function linkStep() {
  const button = await screen.findByRole('button', { name: 'Link my account' });
  await act(() => Promise.resolve());
  return button;
}

describe('AcceptInvitation (/invite, signed in)', () => {
  it('links nothing on load: it asks first, naming the account, and a reload asks again', async () => {
    storeInvitation(invitation);
    const { calls, onLinked } = renderInvitation([ok(buildProfile())]);
    await linkStep();
    expect(
      screen.getByRole('heading', { name: "Link this account to your practice's record?" }).tagName,
    ).toBe('H2');
    expect(screen.getByText('Signed in as charlotte@example.com.')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(onLinked).not.toHaveBeenCalled();

    cleanup();
    const reloaded = renderInvitation([ok(buildProfile())]);
    await linkStep();
    expect(reloaded.calls).toEqual([]);
    expect(readStoredInvitation()).toEqual(invitation);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('links with the stored invitation on the press, forgets it, and opens the dashboard', async () => {
    storeInvitation(invitation);
    const profile = buildProfile({ firstName: 'Charlotte', lastName: 'Davies' });
    const { calls, onLinked } = renderInvitation([ok(profile)]);
    fireEvent.click(await linkStep());
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(calls).toMatchObject([{ method: 'PATCH', path: '/client/activate', body: invitation }]);
    expect(onLinked).toHaveBeenCalledWith(profile);
    expect(readStoredInvitation()).toBeNull();
    expect(trackedEvents()).toEqual([{ event: 'Sign Up Succeeded', signUpSucceeded: true }]);
  });

  it('forgets an invitation the API refuses, and offers to find the record instead', async () => {
    storeInvitation(invitation);
    renderInvitation([problem(400, 'This invitation has expired. Ask your practice for a new one.')]);
    fireEvent.click(await linkStep());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask your practice for a new one.',
    );
    expect(screen.getByRole('heading', { name: 'We could not accept this invitation' }).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'Find your record' }).getAttribute('href')).toBe('/registration');
    expect(readStoredInvitation()).toBeNull();
    expect(trackedEvents()).toEqual([
      {
        event: 'Sign Up Failed',
        signUpFailedReason: 'InvitationFailed',
        errorMessage: '400 This invitation has expired. Ask your practice for a new one.',
      },
    ]);
  });

  it('keeps the invitation when the API is down, and tries again on request', async () => {
    storeInvitation(invitation);
    const { calls } = renderInvitation([{ status: 503, body: undefined }, ok(buildProfile())]);
    fireEvent.click(await linkStep());
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
    expect(calls).toHaveLength(2);
  });

  it('does not link when the person declines: the invitation is forgotten, and the other ways in shown', async () => {
    storeInvitation(invitation);
    const { calls } = renderInvitation([ok(buildProfile())]);
    await linkStep();
    fireEvent.click(screen.getByRole('button', { name: 'Do not link' }));
    expect(screen.getByRole('heading', { name: 'We have not linked your account' }).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'Find your record' }).getAttribute('href')).toBe('/registration');
    expect(readStoredInvitation()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says when the link is incomplete', () => {
    const { calls } = renderInvitation([]);
    expect(screen.getByRole('heading', { name: 'This invitation link is not complete' }).tagName).toBe('H2');
    expect(calls).toEqual([]);
  });
});
