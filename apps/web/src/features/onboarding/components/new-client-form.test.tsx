// @vitest-environment jsdom
import { buildPractice, buildProfile } from '@vet/contracts/testing/builders';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  grantConsent,
  ok,
  problem,
  renderWithApi,
  revokeConsent,
  trackedEvents,
  type FakeRoute,
} from '@/features/onboarding/testing/render-with-api';
import { NewClientForm } from './new-client-form';
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

const clapham = buildPractice({ id: 1, name: 'Willowbrook Vets Clapham' });
const kendal = buildPractice({ id: 8, name: 'Willowbrook Vets Kendal', onlineRegistrationAvailable: false });
const candidate = {
  serviceId: 'embedded',
  addressId: '17',
  description: '12 Rectory Grove, London, SW4 0DR',
};
const address = {
  serviceId: 'embedded',
  addressId: '17',
  line1: '12 Rectory Grove',
  line2: null,
  town: 'London',
  county: 'Greater London',
  postcode: 'SW4 0DR',
};

function api(signup: (body: unknown) => { status: number; body?: unknown }): FakeRoute {
  return ({ method, path, query, body }) => {
    if (path === '/lookup/salutations') {
      return ok([
        { salutationId: 1, salutationDescription: 'Mr' },
        { salutationId: 2, salutationDescription: 'Mrs' },
      ]);
    }
    if (path === '/address-lookup')
      return ok({ addresses: query.get('text') === 'ZZ1 1ZZ' ? [] : [candidate] });
    if (path === '/address-lookup/embedded/17') return ok(address);
    if (method === 'POST' && path === '/client/signup') return signup(body);
    return undefined;
  };
}

function renderForm(route: FakeRoute, initialPracticeId: number | null = 1) {
  const onRegistered = vi.fn();
  const view = renderWithApi(
    <NewClientForm
      practices={{ list: [clapham, kendal], loading: false, failed: false, retry: vi.fn() }}
      email="ada.hart@example.com"
      initialPracticeId={initialPracticeId}
      onRegistered={onRegistered}
    />,
    route,
  );
  return { ...view, onRegistered };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function chooseTitle(title: string) {
  fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: title } });
  fireEvent.click(await screen.findByRole('option', { name: title }));
}

function findAddress(text: string) {
  type(/^Find your address by postcode/, text);
  fireEvent.click(screen.getByRole('button', { name: 'Find address' }));
}

async function fillIn() {
  await chooseTitle('Mrs');
  type(/^First name/, 'Ada');
  type(/^Last name/, 'Hart');
  type(/^Mobile number/, '07700 900123');
  findAddress('SW4 0DR');
  fireEvent.change(await screen.findByLabelText(/^Choose your address/), { target: { value: '12' } });
  fireEvent.click(await screen.findByRole('option', { name: candidate.description }));
  await waitFor(() =>
    expect(screen.getByLabelText<HTMLInputElement>(/^Address line 1/).value).toBe('12 Rectory Grove'),
  );
}

describe('NewClientForm (/registration-new)', () => {
  it("shows the identity's e-mail as text, with what it is for, and marketing off on every channel", () => {
    renderForm(api(() => ok(buildProfile())));
    // Shown as text, not as a field the person could change.
    expect(screen.getByText('ada.hart@example.com').tagName).not.toBe('INPUT');
    expect(screen.queryByDisplayValue('ada.hart@example.com')).toBeNull();
    expect(screen.getByText(/the address you sign in with/).textContent).toMatch(
      /the address you sign in with/,
    );
    for (const channel of ['email', 'sms', 'phone', 'post']) {
      expect(document.querySelector<HTMLInputElement>(`input[name="marketing-${channel}"]`)?.checked).toBe(
        false,
      );
    }
    expect(screen.getByText(/We only send you offers and news if you tick a box here/).textContent).toMatch(
      /^We only send you offers and news if you tick a box here/,
    );
  });

  it("names every missing field under it on submit, with the contract's messages, and sends nothing", async () => {
    const { calls } = renderForm(
      api(() => ok(buildProfile())),
      null,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      'Choose your title.',
      'Enter your first name.',
      'Enter your mobile number.',
      'Enter the first line of your address.',
      'Enter your town or city.',
      'Choose your home practice.',
    ]) {
      expect(describedControl(await screen.findByText(message))?.getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls.filter((call) => call.path === '/client/signup')).toEqual([]);
  });

  it("finds no address for an unknown postcode and says 'No addresses found'", async () => {
    renderForm(api(() => ok(buildProfile())));
    findAddress('ZZ1 1ZZ');
    expect((await screen.findByText('No addresses found')).textContent).toBe('No addresses found');
  });

  it('fills the address from the lookup and registers with the body the contract describes', async () => {
    const { calls, onRegistered } = renderForm(api(() => ({ status: 201, body: buildProfile() })));
    await fillIn();
    expect(screen.getByLabelText<HTMLInputElement>(/^Town or city/).value).toBe('London');
    expect(screen.getByLabelText<HTMLInputElement>(/^Postcode/).value).toBe('SW4 0DR');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/'));
    expect(calls.find((call) => call.path === '/client/signup')?.body).toEqual({
      salutationId: 2,
      firstName: 'Ada',
      lastName: 'Hart',
      mobilePhone: '07700 900123',
      address: {
        line1: '12 Rectory Grove',
        line2: null,
        town: 'London',
        county: 'Greater London',
        postcode: 'SW4 0DR',
      },
      homePracticeId: 1,
      contactPreferences: {
        reminders: { email: true, sms: true, phone: false, post: false },
        marketing: { email: false, sms: false, phone: false, post: false },
        messages: { email: true, sms: false, phone: false, post: false },
      },
    });
    expect(onRegistered).toHaveBeenCalled();
    await waitFor(() =>
      expect(trackedEvents()).toEqual([
        { event: 'Registration Succeeded', componentName: 'NewClientForm', practiceId: 1 },
      ]),
    );
  });

  it("puts the API's 400 problems under their fields", async () => {
    renderForm(
      api(() =>
        problem(400, 'Check the details.', [
          { path: 'mobilePhone', message: 'Enter a UK mobile number, such as 07700 900123.' },
          { path: 'address.postcode', message: 'Enter a real UK postcode.' },
        ]),
      ),
    );
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(describedControl(await screen.findByText('Enter a UK mobile number, such as 07700 900123.'))).toBe(
      screen.getByLabelText(/^Mobile number/),
    );
    expect(describedControl(screen.getByText('Enter a real UK postcode.'))).toBe(
      screen.getByLabelText(/^Postcode/),
    );
    expect(screen.getByLabelText(/^Postcode/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(trackedEvents().at(-1)).toEqual({
        event: 'Registration Failed',
        componentName: 'NewClientForm',
        errorMessage: '400 Check the details.',
        errors: ['mobilePhone', 'address.postcode'],
      }),
    );
    expect(router.push).not.toHaveBeenCalled();
  });

  it('says the account is linked already on a 409, with the ways on, loaded when needed', async () => {
    renderForm(api(() => problem(409, 'This account is already linked to a client record.')));
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Already linked')).toBeTruthy();
    expect(screen.getByText('This account is already linked to a client record.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out and sign in with another account' })).toBeTruthy();
    expect(router.push).not.toHaveBeenCalled();
  });

  it('says to type the address when the lookup fails, and keeps the search and the fields usable', async () => {
    const failing: FakeRoute = (request) =>
      request.path === '/address-lookup'
        ? {
            status: 503,
            body: {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Address search is not available just now: type your address.',
              code: 'address_lookup_unavailable',
            },
          }
        : api(() => ok(buildProfile()))(request);
    renderForm(failing);
    findAddress('SW4 0DR');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Address search is not available just now: type your address.');
    expect(screen.queryByText(/Submission failed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Find address' })).toBeTruthy();
    type(/^Address line 1/, '12 Rectory Grove');
    expect(screen.getByLabelText<HTMLInputElement>(/^Address line 1/).value).toBe('12 Rectory Grove');
  });

  it('stops offering the search when the portal has no lookup, and goes on at the first line', async () => {
    const off: FakeRoute = (request) =>
      request.path === '/address-lookup'
        ? { status: 503, body: { statusCode: 503, error: 'x', message: 'x', code: 'address_lookup_off' } }
        : api(() => ok(buildProfile()))(request);
    renderForm(off);
    findAddress('SW4 0DR');
    const note = await screen.findByText('Address search is not available: type your address.');
    expect(note.closest('[role="status"]')?.textContent).toBe(note.textContent);
    expect(screen.queryByRole('button', { name: 'Find address' })).toBeNull();
    expect(screen.queryByText('Or type your address in yourself:')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Address line 1/)));
  });

  it('shows the unavailable alert for a practice offline, and will not register there', () => {
    renderForm(
      api(() => ok(buildProfile())),
      kendal.id,
    );
    expect(screen.getByTestId('alertBox-practice').textContent).toContain(
      'Online registration is currently unavailable for this practice.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Register' }).disabled).toBe(true);
  });
});
