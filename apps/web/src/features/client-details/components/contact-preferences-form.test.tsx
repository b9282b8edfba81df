// @vitest-environment jsdom
import type { ContactPreferencesResponse } from '@vet/contracts/contact-preferences';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { ContactPreferencesForm } from './contact-preferences-form';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
afterEach(cleanup);

const due: ContactPreferencesResponse = {
  preferences: {
    reminders: { email: true, sms: true, phone: false, post: false },
    marketing: { email: false, sms: false, phone: false, post: false },
    messages: { email: true, sms: false, phone: false, post: false },
  },
  lastConfirmedAt: '2024-06-01T09:00:00.000Z',
  requireContactPreferencesUpdate: true,
};

function renderForm(answer: { status: number; body: unknown }) {
  const bodies: unknown[] = [];
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    bodies.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
    return Promise.resolve(Response.json(answer.body, { status: answer.status }));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  const onSaved = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <ContactPreferencesForm current={due} onSaved={onSaved} />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { bodies, onSaved };
}

describe('ContactPreferencesForm', () => {
  it('asks for a confirmation when due, says when last updated, and keeps service messages apart', () => {
    renderForm({ status: 200, body: due });
    expect(screen.getByText('Last updated 1 June 2024').tagName).toBe('P');
    expect(screen.getByText('Please check how we contact you').textContent).toBe(
      'Please check how we contact you',
    );
    expect(screen.getByText(/cannot be switched off here/).textContent).toMatch(/^Service messages/);
    expect(screen.getByRole('group', { name: 'Offers and news' }).textContent).toContain('tick a box');
  });

  it('saves the choices as shown, opt-ins included, then says so', async () => {
    const { bodies, onSaved } = renderForm({
      status: 200,
      body: { ...due, lastConfirmedAt: '2026-11-23T10:00:00.000Z', requireContactPreferencesUpdate: false },
    });
    const marketing = screen.getByRole('group', { name: 'Offers and news' });
    fireEvent.click(marketing.querySelector('input[name="marketing-post"]') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await screen.findByText('Your contact preferences have been saved.');
    expect(bodies).toEqual([
      { preferences: { ...due.preferences, marketing: { ...due.preferences.marketing, post: true } } },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('shows R8.5’s words when the save fails', async () => {
    renderForm({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Submission failed, please try again. If the problem persists, please contact your practice for help.',
      ),
    );
  });
});
