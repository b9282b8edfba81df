// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { DeleteAccountForm } from './delete-account-form';

/** The portal's answers: the provider logout it prepares, and the API's answer through the BFF. */
function portal(deletion: Response) {
  const fetch = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(
      url.endsWith('/end-session') ? Response.json({ url: '/api/auth/end-session' }) : deletion.clone(),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm(fetch: ReturnType<typeof portal>, onFailure = vi.fn(() => false)) {
  const onDeleted = vi.fn(() => Promise.resolve());
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientProvider client={api}>
        <DeleteAccountForm onDeleted={onDeleted} onFailure={onFailure} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { onDeleted, onFailure };
}

const deletionCalls = (fetch: ReturnType<typeof portal>) =>
  fetch.mock.calls.filter(([url]) => url.endsWith('/client/online-account/delete'));

function confirmWith(word: string) {
  fireEvent.change(screen.getByLabelText(/Type DELETE to confirm/), { target: { value: word } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my online account' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeleteAccountForm (decision 0080)', () => {
  it('deletes nothing until the word is typed as shown, and says so at the field', async () => {
    const fetch = portal(Response.json({ deleted: true, providerAccountDeleted: true }));
    const { onDeleted } = renderForm(fetch);
    confirmWith('delete');
    await screen.findByText('Type DELETE, in capital letters, to confirm.');
    expect(screen.getByLabelText(/Type DELETE to confirm/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/Type DELETE to confirm/));
    expect(fetch).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('sends the word, with the provider logout prepared first, and hands over the result', async () => {
    const fetch = portal(Response.json({ deleted: true, providerAccountDeleted: false }));
    const { onDeleted } = renderForm(fetch);
    confirmWith('DELETE');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/end-session',
      '/bff/client/online-account/delete',
    ]);
    const [, init] = deletionCalls(fetch)[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ confirmation: 'DELETE' });
    expect((onDeleted.mock.calls[0] as unknown[])[0]).toEqual({
      deleted: true,
      providerAccountDeleted: false,
      providerLogoutUrl: '/api/auth/end-session',
    });
  });

  it('leaves a refusal that needs a fresh sign-in to the page, showing no error', async () => {
    const fetch = portal(
      Response.json(
        { statusCode: 403, error: 'Forbidden', message: 'Sign in again.', code: 'reauthentication_required' },
        { status: 403 },
      ),
    );
    const { onFailure, onDeleted } = renderForm(
      fetch,
      vi.fn(() => true),
    );
    confirmWith('DELETE');
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('shows any other failure above the form', async () => {
    const fetch = portal(Response.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }));
    renderForm(fetch);
    confirmWith('DELETE');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Submission failed, please try again/);
  });
});
