// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EditablePet } from '@vet/contracts/pet-changes';
import { petFieldMessages } from '@vet/contracts/pet-field-messages';
import { buildPet } from '@vet/contracts/testing/builders';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { EditPetForm } from './edit-pet-form';
import { PetDepartureSection } from './pet-departure';

configure({ asyncUtilTimeout: 10_000 });

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  router.push.mockClear();
});

const opened: EditablePet = {
  ...buildPet({ petId: 41, name: 'Nutmeg', neutered: false, microchipNumber: null, insurerId: null }),
  insurerName: null,
  policyNumber: null,
  status: 'Active',
  version: '1001',
  bookedAppointments: 0,
};

/** The form and the departure steps as the edit page shows them, against a stand-in API. */
function renderPage(answer: (method: string, body: unknown) => Response, start: EditablePet = opened) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url, body });
    if (url === '/bff/v2/insurers')
      return Promise.resolve(Response.json([{ insurerId: 4, name: 'Petplan' }]));
    return Promise.resolve(answer(method, body));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  function Page() {
    const [pet, setPet] = useState(start);
    return (
      <>
        <EditPetForm pet={pet} onChanged={setPet} />
        <PetDepartureSection pet={pet} onChanged={setPet} />
      </>
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <Page />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return (predicate: (request: (typeof requests)[number]) => boolean) => requests.filter(predicate);
}

const name = () => screen.getByLabelText<HTMLInputElement>('Your pet’s name');

describe('EditPetForm', () => {
  it('sends the details with the version it opened at, and moves to the pet’s page', async () => {
    const sent = renderPage((method) =>
      method === 'PATCH'
        ? Response.json({ ...opened, name: 'Nutmeg Rose', version: '1002' })
        : Response.json({}),
    );
    fireEvent.change(name(), { target: { value: 'Nutmeg Rose' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/pets/41'));
    expect(sent((r) => r.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/bff/v2/pets/41',
        body: {
          version: '1001',
          details: {
            name: 'Nutmeg Rose',
            neutered: true,
            microchipNumber: null,
            insurerId: null,
            policyNumber: null,
          },
        },
      },
    ]);
  });

  it('says what is wrong by the registration rules, and sends nothing', async () => {
    const sent = renderPage(() => Response.json({}));
    fireEvent.change(screen.getByLabelText('Microchip number (optional)'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(petFieldMessages.microchipLength(5));
    expect(sent((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('on a 409 shows the pet as it now is, says so, and saves next at the new version', async () => {
    const current = { ...opened, name: 'Nutmeg Two', neutered: true, version: '1005' };
    let first = true;
    const sent = renderPage((method) => {
      if (method !== 'PATCH') return Response.json({});
      if (first) {
        first = false;
        return Response.json(
          { statusCode: 409, error: 'Conflict', message: 'changed', current },
          { status: 409 },
        );
      }
      return Response.json(current);
    });
    fireEvent.change(name(), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('These details changed since you opened this page');
    expect(name().value).toBe('Nutmeg Two');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    expect(router.push).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/pets/41'));
    expect(sent((r) => r.method === 'PATCH').map((r) => (r.body as { version: string }).version)).toEqual([
      '1001',
      '1005',
    ]);
  });
});

describe('PetDepartureSection', () => {
  it('asks before recording a new home; cancelling sends nothing, confirming sends the status', async () => {
    const sent = renderPage((method) =>
      method === 'PUT' ? Response.json({ ...opened, status: 'Rehomed', version: '1002' }) : Response.json({}),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nutmeg has a new home' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Tell your practice that Nutmeg has a new home?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Nutmeg has died' }));
    dialog = await screen.findByRole('dialog', { name: 'Tell your practice that Nutmeg has died?' });
    expect(within(dialog).getByText('We are very sorry for your loss.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Nutmeg has died' }));

    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/pets/41'));
    expect(sent((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/bff/v2/pets/41/status', body: { version: '1001', status: 'Deceased' } },
    ]);
  });
  it('says beforehand that it cancels the pet’s booked appointments, when it has any (decision 0099)', async () => {
    renderPage(() => Response.json({}), { ...opened, bookedAppointments: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Nutmeg has died' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tell your practice that Nutmeg has died?' });
    expect(
      within(dialog).getByText(
        /We will let your practice know, cancel Nutmeg’s 2 booked appointments, stop any reminders for Nutmeg/,
      ),
    ).toBeTruthy();
  });
});
