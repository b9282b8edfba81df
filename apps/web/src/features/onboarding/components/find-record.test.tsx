// @vitest-environment jsdom
import type { SignupCheckResponse } from '@vet/contracts/onboarding';
import { buildPractice, buildProfile } from '@vet/contracts/testing/builders';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import {
  grantConsent,
  ok,
  problem,
  renderWithApi,
  revokeConsent,
  trackedEvents,
  type FakeRoute,
} from '@/features/onboarding/testing/render-with-api';
import { FindRecord } from './find-record';
import { describedControl } from '@/testing/accessible-description';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('@/shared/auth-session/session-client', () => ({ signOut: vi.fn(() => Promise.resolve()) }));

// Each test renders the whole form in jsdom: seconds, not milliseconds, on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(grantConsent);
afterEach(() => {
  cleanup();
  revokeConsent();
  router.push.mockClear();
});

const clapham = buildPractice({ id: 1, name: 'Willowbrook Vets Clapham', phone: '020 7946 0123' });
const kendal = buildPractice({
  id: 8,
  name: 'Willowbrook Vets Kendal',
  phone: '01632 960684',
  onlineRegistrationAvailable: false,
});

const answer = (overrides: Partial<SignupCheckResponse>): SignupCheckResponse => ({
  result: 'CheckFailed',
  checkToken: null,
  maskedEmail: null,
  maskedPostcodes: [],
  practiceName: clapham.name,
  practicePhone: clapham.phone,
  ...overrides,
});

function renderFindRecord(route: FakeRoute, initialPracticeId: number | null = 1) {
  const refreshProfile = vi.fn(() => Promise.resolve());
  const view = renderWithApi(
    <FindRecord
      practices={{ list: [clapham, kendal], loading: false, failed: false, retry: vi.fn() }}
      initialEmail="grace.thompson@example.net"
      initialPracticeId={initialPracticeId}
      refreshProfile={refreshProfile}
    />,
    route,
  );
  return { ...view, refreshProfile };
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Thompson' } });
  fireEvent.change(screen.getByLabelText(/^Postcode/), { target: { value: 'SW4 0LN' } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my record' }));
}

const checkAnswers =
  (body: SignupCheckResponse | { status: number; body: unknown }): FakeRoute =>
  ({ method, path }) => {
    if (method === 'GET' && path === '/signup/check') return 'status' in body ? body : ok(body);
    if (method === 'POST' && path === '/signup-v2/complete-signup')
      return ok(buildProfile({ activationStatus: 'STARTED' }));
    return undefined;
  };

describe('FindRecord (/registration)', () => {
  it("pre-fills the identity's e-mail, and says what is missing under each field on submit", async () => {
    const { calls } = renderFindRecord(() => undefined, null);
    expect(screen.getByLabelText<HTMLInputElement>(/^E-mail address/).value).toBe(
      'grace.thompson@example.net',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Find my record' }));
    expect(
      describedControl(await screen.findByText('Choose your home practice.'))?.getAttribute('aria-invalid'),
    ).toBe('true');
    expect(describedControl(screen.getByText('Enter your last name.'))).toBe(
      screen.getByLabelText(/^Last name/),
    );
    expect(describedControl(screen.getByText('Enter a full UK postcode, such as SW1A 1AA.'))).toBe(
      screen.getByLabelText(/^Postcode/),
    );
    expect(calls).toEqual([]);
  });

  it('shows the unavailable alert with a tap-to-call phone, and does not go on, for a practice offline', () => {
    const { calls } = renderFindRecord(() => undefined, kendal.id);
    const alert = screen.getByTestId('alertBox-practice');
    expect(alert.textContent).toContain('Online registration is currently unavailable for this practice.');
    expect(screen.getByRole('link', { name: '01632 960684' }).getAttribute('href')).toBe('tel:01632960684');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Find my record' }).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('VerifyClient: sends the check with the query names, refreshes the profile and opens the code entry', async () => {
    const { calls, refreshProfile } = renderFindRecord(
      checkAnswers(answer({ result: 'VerifyClient', checkToken: 't' })),
    );
    fillAndSubmit();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/verified'));
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      PracticeId: '1',
      LastName: 'Thompson',
      PostCode: 'SW4 0LN',
      Email: 'grace.thompson@example.net',
    });
    expect(refreshProfile).toHaveBeenCalled();
    expect(trackedEvents()).toEqual([
      { event: 'New Client Checked', clientCheckResult: 'VerifyClient', practiceId: 1 },
      { event: 'Client Matched', clientMatched: true, practiceId: 1 },
    ]);
  });

  it('ChooseEmail: offers the masked address, and confirming sends the code there', async () => {
    const { calls } = renderFindRecord(
      checkAnswers(answer({ result: 'ChooseEmail', checkToken: 'tok-1', maskedEmail: 'g•••@e•••.net' })),
    );
    fillAndSubmit();
    const offer = await screen.findByRole('heading', {
      name: 'Send your code to the e-mail address we hold?',
    });
    // The step's heading takes focus, so a screen reader announces it.
    expect(document.activeElement).toBe(offer);
    expect(offer.closest('section')?.textContent).toContain('g•••@e•••.net');
    fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/verified'));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/signup-v2/complete-signup',
      body: { checkToken: 'tok-1' },
    });
  });

  it('ChooseEmail: a confirmation the API refuses says so, and is tracked as Sign Up Failed', async () => {
    renderFindRecord(({ method, path }) => {
      if (method === 'GET' && path === '/signup/check')
        return ok(answer({ result: 'ChooseEmail', checkToken: 'tok-1', maskedEmail: 'g•••@e•••.net' }));
      if (method === 'POST' && path === '/signup-v2/complete-signup')
        return problem(400, 'This offer has expired. Please check your details again.');
      return undefined;
    });
    fillAndSubmit();
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This offer has expired. Please check your details again.',
    );
    expect(router.push).not.toHaveBeenCalled();
    expect(trackedEvents().at(-1)).toEqual({
      event: 'Sign Up Failed',
      signUpFailedReason: 'CompleteSignupFailed',
      errorMessage: '400 This offer has expired. Please check your details again.',
    });
  });

  it("ChoosePostcode: asks 'Is this your address?', and 'No' leads to the practice's phone", async () => {
    renderFindRecord(
      checkAnswers(answer({ result: 'ChoosePostcode', checkToken: 't', maskedPostcodes: ['SW4 •••'] })),
    );
    fillAndSubmit();
    const offer = await screen.findByRole('heading', { name: 'Is this your address?' });
    expect(offer.closest('section')?.textContent).toContain('with this postcode:SW4 •••');
    fireEvent.click(screen.getByRole('button', { name: 'No, this is not my address' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Please contact your practice' }),
    );
    expect(screen.queryByRole('heading', { name: 'Is this your address?' })).toBeNull();
    expect(screen.getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe('tel:02079460123');
  });

  it('SignInClient: says the record is linked to another account and offers to log out', async () => {
    renderFindRecord(checkAnswers(answer({ result: 'SignInClient' })));
    fillAndSubmit();
    const heading = await screen.findByRole('heading', {
      name: 'This record is already linked to another account',
    });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Log out and sign in with that account' })
        .disabled,
    ).toBe(false);
  });

  it('ContactPractice: names the practice with its tap-to-call phone', async () => {
    renderFindRecord(checkAnswers(answer({ result: 'ContactPractice' })));
    fillAndSubmit();
    const heading = await screen.findByRole('heading', { name: 'Please contact your practice' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/Please call Willowbrook Vets Clapham on/).textContent).toBe(
      'Please call Willowbrook Vets Clapham on 020 7946 0123.',
    );
    expect(trackedEvents().at(-1)).toEqual({ event: 'Client Matched', clientMatched: false, practiceId: 1 });
  });

  it('NewClient: offers to register as a new client of the practice, and back to the form keeps the details', async () => {
    renderFindRecord(checkAnswers(answer({ result: 'NewClient' })));
    fillAndSubmit();
    const heading = await screen.findByRole('heading', {
      name: 'We could not find you at Willowbrook Vets Clapham',
    });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: 'Register as a new client' }).getAttribute('href')).toBe(
      '/registration-new?practice=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Last name/).value).toBe('Thompson');
  });

  it.each([
    ['CheckFailed', answer({ result: 'CheckFailed' }), {}],
    [
      'a failed call',
      { status: 500, body: { statusCode: 500, error: 'x', message: 'y' } },
      { errorMessage: '500 y' },
    ],
  ] as const)('%s: shows the submission-failed message and keeps the form', async (_name, body, failure) => {
    renderFindRecord(checkAnswers(body));
    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(submissionFailedMessage);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Find my record' }).disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>(/^Last name/).value).toBe('Thompson');
    expect(trackedEvents()).toEqual([
      { event: 'New Client Checked', clientCheckResult: 'CheckFailed', practiceId: 1 },
      { event: 'Sign Up Failed', signUpFailedReason: 'CheckFailed', ...failure },
    ]);
    // No personal data in the events: the request's address (last name, e-mail, postcode) stays out.
    expect(JSON.stringify(trackedEvents())).not.toMatch(/Thompson|SW4|grace/);
  });

  it("shows a rate limit's own message", async () => {
    renderFindRecord(checkAnswers(problem(429, 'Too many checks. Please wait a minute and try again.')));
    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many checks. Please wait a minute and try again.',
    );
  });
});
