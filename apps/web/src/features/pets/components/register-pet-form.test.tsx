// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import { buildPet } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { RegisterPetForm } from './register-pet-form';
import { describedControl } from '@/testing/accessible-description';

// The form waits on several answers in turn; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  router.push.mockClear();
});

const lookups: Record<string, unknown> = {
  '/bff/v2/species': [
    { speciesId: 1, name: 'Dog', code: 'Canine' },
    { speciesId: 9, name: 'Other', code: 'Custom' },
  ],
  '/bff/v2/species/1/breeds': [
    { breedId: 2, speciesId: 1, name: 'Beagle' },
    { breedId: 5, speciesId: 1, name: 'German Shepherd Dog', synonyms: ['Alsatian'] },
  ],
  '/bff/v2/species/9/breeds': [],
  '/bff/v2/species/1/breeds/2/colours': [{ colourId: 3, name: 'Tricolour' }],
  '/bff/v2/insurers': [{ insurerId: 4, name: 'Petplan' }],
};

/** The form against a stand-in API: the lookups above, and POST /v2/pets answering `registration`. */
function renderForm(
  registration: Response = Response.json(
    { ...buildPet({ petId: 77, name: 'Rolo' }), registeredOnline: true },
    { status: 201 },
  ),
) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    // The API client sends JSON text.
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url, body });
    if (method === 'POST') return Promise.resolve(registration);
    return Promise.resolve(url in lookups ? Response.json(lookups[url]) : Response.json([], { status: 404 }));
  });
  const onUnavailable = vi.fn();
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <RegisterPetForm onUnavailable={onUnavailable} today="2026-06-01" />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { requests, onUnavailable };
}

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
  fireEvent.change(input, { target: { value: option.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A valid form; a species without breeds keeps it to one list to choose from (jsdom is slow at them). */
async function fillValidForm() {
  type(/Your pet’s name/, 'Rolo');
  await choose('Species', 'Other');
  // Its (empty) list of breeds has come: nothing more to choose.
  await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Breed' })).toBeNull());
  fireEvent.click(within(screen.getByRole('group', { name: 'Sex' })).getByLabelText('Male'));
  fireEvent.click(within(screen.getByRole('group', { name: 'Neutered' })).getByLabelText('No'));
  type('Date of birth', '2025-03-14');
  type('Microchip number (optional)', '941 000 024 680 135');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register pet' }));

// A whole form of autocompletes in jsdom takes seconds per test when the machine is busy.
describe('RegisterPetForm', { timeout: 30_000 }, () => {
  it('says what each required field needs, and asks for nothing before a species is chosen', async () => {
    const { requests } = renderForm();
    submit();
    for (const message of [
      petFieldMessages.nameRequired,
      petFieldMessages.speciesRequired,
      petFieldMessages.sexRequired,
      petFieldMessages.neuteredRequired,
      petFieldMessages.dateOfBirthRequired,
    ]) {
      expect(describedControl(await screen.findByText(message))?.getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByRole('combobox', { name: 'Breed' }).hasAttribute('disabled')).toBe(true);
    expect(requests.filter((r) => r.url.includes('/breeds'))).toEqual([]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('offers dates of birth from the day the server gave back 100 years', () => {
    renderForm();
    const input = screen.getByLabelText('Date of birth');
    expect([input.getAttribute('min'), input.getAttribute('max')]).toEqual(['1926-06-01', '2026-06-01']);
  });

  it('fetches breeds once a species is chosen and colours once a breed is, and wants both', async () => {
    const { requests } = renderForm();
    await choose('Species', 'Dog');
    expect(requests.some((r) => r.url === '/bff/v2/species/1/breeds')).toBe(true);
    expect(requests.some((r) => r.url.endsWith('/colours'))).toBe(false);
    submit();
    expect(describedControl(await screen.findByText(petFieldMessages.breedRequired))).toBe(
      screen.getByRole('combobox', { name: 'Breed' }),
    );
    await choose('Breed', 'Beagle');
    expect(requests.some((r) => r.url === '/bff/v2/species/1/breeds/2/colours')).toBe(true);
    expect(describedControl(await screen.findByText(petFieldMessages.colourRequired))).toBe(
      screen.getByRole('combobox', { name: 'Colour' }),
    );
  });

  it('offers a breed by a synonym typed in the field, saying so, and chooses the breed', async () => {
    const { requests } = renderForm();
    await choose('Species', 'Dog');
    const input = screen.getByRole('combobox', { name: 'Breed' });
    await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
    // Focused, as a person's typing is: an unfocused field puts its text back to its value's.
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'alsatian' } });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['German Shepherd Dog (Alsatian)']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'German Shepherd Dog (Alsatian)' }));
    expect(input).toHaveProperty('value', 'German Shepherd Dog');
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/bff/v2/species/1/breeds/5/colours')).toBe(true),
    );
  });

  it('hides breed and colour for a species that has no breeds', async () => {
    renderForm();
    await choose('Species', 'Other');
    // Its (empty) list of breeds has come: nothing more to choose.
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Breed' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Breed' })).toBeNull());
    expect(screen.queryByRole('combobox', { name: 'Colour' })).toBeNull();
  });

  it('registers the pet with the contract’s body and opens its page', async () => {
    const { requests } = renderForm();
    await fillValidForm();
    submit();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/pets/77'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Rolo',
      speciesId: 9,
      breedId: null,
      colourId: null,
      sex: 'Male',
      neutered: false,
      dateOfBirth: '2025-03-14',
      microchipNumber: '941000024680135',
      insurerId: null,
      policyNumber: null,
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Rolo is registered with your practice.',
    );
  });

  it('shows the API’s field issues, and hands a refusal to the page', async () => {
    const issue = { path: 'breedId', message: petFieldMessages.breedOfOtherSpecies };
    const invalid = Response.json(
      { statusCode: 400, error: 'Bad Request', message: 'x', issues: [issue] },
      { status: 400 },
    );
    renderForm(invalid);
    await fillValidForm();
    submit();
    const issues = await screen.findByRole('alert');
    expect(issues.textContent).toContain('Please check these details');
    expect(issues.textContent).toContain(`Breed: ${petFieldMessages.breedOfOtherSpecies}`);

    cleanup();
    const refused = Response.json({ statusCode: 403, error: 'Forbidden', message: 'No' }, { status: 403 });
    const { onUnavailable } = renderForm(refused);
    await fillValidForm();
    submit();
    await waitFor(() => expect(onUnavailable).toHaveBeenCalledOnce());
    expect(router.push).not.toHaveBeenCalled();
  });

  it('says submission failed when the API cannot be reached (R8.5)', async () => {
    renderForm(Response.json({ statusCode: 502, error: 'Bad Gateway', message: 'Down' }, { status: 502 }));
    await fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Submission failed, please try again. If the problem persists, please contact your practice for help.',
    );
  });
});
