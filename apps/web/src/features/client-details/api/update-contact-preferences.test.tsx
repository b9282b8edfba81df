// @vitest-environment jsdom
import type { ContactPreferencesResponse } from '@vet/contracts/contact-preferences';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { clientDetailsQueryKey, contactPreferencesQueryKey } from './query-keys';
import { useUpdateContactPreferences } from './update-contact-preferences';

const saved: ContactPreferencesResponse = {
  preferences: {
    reminders: { email: true, sms: false, phone: false, post: false },
    marketing: { email: false, sms: false, phone: false, post: false },
    messages: { email: true, sms: false, phone: false, post: false },
  },
  lastConfirmedAt: '2026-11-23T10:00:00.000Z',
  requireContactPreferencesUpdate: false,
};

describe('useUpdateContactPreferences (R7.4)', () => {
  it('PUTs, then refreshes exactly the details and preferences caches, and the profile by onSaved', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json(saved)));
    const api = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getStorage: () => undefined,
    });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onSaved = vi.fn(() => Promise.resolve());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={api}>{children}</ApiClientProvider>
      </QueryClientProvider>
    );

    const { result } = renderHook(() => useUpdateContactPreferences(onSaved), { wrapper });
    await result.current.mutateAsync({ preferences: saved.preferences });

    expect(fetch).toHaveBeenCalledWith(
      '/bff/client/contact-preferences',
      expect.objectContaining({ method: 'PUT' }),
    );
    expect(invalidate.mock.calls.map(([filters]) => filters)).toEqual([
      { queryKey: clientDetailsQueryKey, exact: true },
      { queryKey: contactPreferencesQueryKey, exact: true },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(queryClient.getQueryData(contactPreferencesQueryKey)).toEqual(saved));
  });
});
