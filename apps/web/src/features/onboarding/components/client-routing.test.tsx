// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeVerification } from '@/features/onboarding/onboarding-storage';
import { ok, renderWithApi, type FakeAnswer } from '@/features/onboarding/testing/render-with-api';
import { ClientRouting } from './client-routing';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  router.replace.mockClear();
});

const practice = { id: 7, name: 'Riverside Vets', phone: '01632 960111' };

function renderRouting(
  stages: FakeAnswer[],
  activationStatus: 'NOT_STARTED' | 'STARTED' | null = 'NOT_STARTED',
) {
  const onCodeSent = vi.fn(() => Promise.resolve());
  const answers = [...stages];
  const view = renderWithApi(
    <ClientRouting activationStatus={activationStatus} onCodeSent={onCodeSent} />,
    (request) => {
      if (request.method === 'GET' && request.path === '/signup/link-stage') return answers.shift();
      if (request.method === 'PUT' && request.path === '/signup/waiting-for-invitation')
        return { status: 204 };
      if (request.method === 'POST' && request.path === '/signup/resend') return { status: 204 };
      return undefined;
    },
  );
  return { ...view, onCodeSent };
}

describe('ClientRouting: where an unlinked person stands (decision 0077)', () => {
  it('no check made yet: on to "Find your record", as before', async () => {
    renderRouting([ok({ stage: 'no-check' })]);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/registration'));
  });

  it('linked meanwhile: the dashboard, never the stage', async () => {
    renderRouting([ok({ stage: 'linked' })]);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });

  it('a code brought from an e-mail or a STARTED status goes to /verified without asking', async () => {
    storeVerification({ code: '246810', clientId: 42, mode: 'signin' });
    const { calls } = renderRouting([]);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/verified'));
    expect(calls).toEqual([]);
  });

  it('the practice must help: its phone as a tap-to-call link; waiting for its invitation is kept', async () => {
    const { calls } = renderRouting([
      ok({ stage: 'contact-practice', practice }),
      ok({ stage: 'invitation-expected', reason: 'waiting', practice }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Your practice needs to help' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '01632 960111' }).getAttribute('href')).toBe('tel:01632960111');
    fireEvent.click(screen.getByRole('button', { name: 'My practice is sending an invitation' }));
    expect(
      await screen.findByRole('heading', { name: "Waiting for your practice's invitation" }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toMatchObject([{ body: { practiceId: 7 } }]);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('an expired code: where it went and when, and a new code when allowed, then the code entry', async () => {
    const sentAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const { onCodeSent } = renderRouting([
      ok({
        stage: 'code-sent',
        maskedEmail: 'j•••@e•••.co.uk',
        sentAt,
        expiresAt: new Date(Date.now() - 10 * 60_000).toISOString(),
        resendAt: new Date(Date.now() - 39 * 60_000).toISOString(),
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Your code has stopped working' })).toBeTruthy();
    expect(screen.getByText('j•••@e•••.co.uk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/verified'));
    expect(onCodeSent).toHaveBeenCalledOnce();
  });

  it("no resend once the day's codes are used: says so, with no button", async () => {
    renderRouting([
      ok({
        stage: 'code-sent',
        maskedEmail: 'j•••@e•••.co.uk',
        sentAt: new Date(Date.now() - 40 * 60_000).toISOString(),
        expiresAt: new Date(Date.now() - 10 * 60_000).toISOString(),
        resendAt: null,
      }),
    ]);
    expect(await screen.findByText(/sent the most codes we can today/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  });

  it('an invitation sent by a practice: open it from the e-mail', async () => {
    renderRouting([ok({ stage: 'invitation-expected', reason: 'invited', practice })], null);
    expect(await screen.findByRole('heading', { name: 'Your practice has invited you' })).toBeTruthy();
    expect(screen.getByText(/Riverside Vets has e-mailed an invitation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'find your record yourself' }).getAttribute('href')).toBe(
      '/registration',
    );
  });
});
