// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { PetMedicine, PetMedicines } from '@vet/contracts/prescription-requests';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { accessibleDescription } from '@/testing/accessible-description';
import { NewPrescriptionRequestForm } from './new-prescription-request-form';

configure({ asyncUtilTimeout: 10_000 });

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  router.push.mockClear();
});

const medicine = (overrides: Partial<PetMedicine>): PetMedicine => ({
  medicationId: 1,
  medicine: 'Metacam',
  strength: '1.5 mg/ml',
  doseInstructions: 'Once a day',
  category: 'POM-V',
  prescribedOn: '2026-09-24',
  prescribedBy: 'Helen Marsh',
  repeatable: true,
  repeatsLeft: 3,
  reviewDue: null,
  maxQuantity: 2,
  unit: 'bottles',
  availability: 'available',
  refusal: null,
  ...overrides,
});

const medicines: PetMedicines = {
  petId: 7,
  petName: 'Bramble',
  practice: { name: 'Willowbrook Vets Clapham', phone: '020 7946 0001' },
  writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
  medicines: [
    medicine({}),
    medicine({ medicationId: 2, medicine: 'Yumove', strength: null, category: 'AVM-GSL' }),
    medicine({
      medicationId: 3,
      medicine: 'Apoquel',
      availability: 'reviewNeeded',
      refusal: 'Apoquel needs a check-up with a vet before it can be prescribed again: please book a review.',
    }),
  ],
};

/** The form for one pet against a stand-in API; answers the bodies it was sent. */
function renderForm(answer: () => Response) {
  const sent: unknown[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    if (url === '/bff/v2/pets/7/medications') return Promise.resolve(Response.json(medicines));
    sent.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
    return Promise.resolve(answer());
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <NewPrescriptionRequestForm pets={[{ petId: 7, name: 'Bramble' }]} />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return sent;
}

describe('NewPrescriptionRequestForm (decision 0111)', () => {
  it('shows the written prescription’s fee for the medicines ticked before sending them', async () => {
    const sent = renderForm(() => Response.json({ requestId: 1 }, { status: 201 }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Metacam 1.5 mg/ml' }));
    fireEvent.change(screen.getByLabelText('Quantity (bottles)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Yumove' }));
    fireEvent.click(screen.getByRole('radio', { name: /A written prescription/ }));
    expect(screen.getByText(/written prescription of 2 medicines is £33\.50/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/drug-request?sent=1'), {
      timeout: 15_000,
    });
    // Said on the list, in its flow (decision 0144): no toast, fixed over the next page's heading.
    expect(screen.queryByText('Your request is sent to your practice.')).toBeNull();
    expect(sent).toEqual([
      {
        petId: 7,
        items: [
          { medicationId: 1, quantity: 2 },
          { medicationId: 2, quantity: 1 },
        ],
        supply: 'written',
        note: null,
      },
    ]);
  });

  it('offers no tick for a medicine that needs a review, but says why and offers a booking', async () => {
    renderForm(() => Response.json({}));
    const medicinesGroup = await screen.findByRole('group', { name: 'Medicines' });
    expect(within(medicinesGroup).queryByRole('checkbox', { name: /Apoquel/ })).toBeNull();
    expect(within(medicinesGroup).getByText(/Apoquel needs a check-up/)).toBeTruthy();
    expect(within(medicinesGroup).getByRole('link', { name: 'Book a review' }).getAttribute('href')).toBe(
      '/appointments/book?petId=7',
    );
  });

  it('shows the API’s refusal as it says it, and sends nothing without a medicine', async () => {
    const sent = renderForm(() =>
      Response.json(
        {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Metacam has no repeats left.',
          code: 'no_repeats_left',
        },
        { status: 403 },
      ),
    );
    await screen.findByRole('group', { name: 'Medicines' });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose a pet and at least one medicine.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Metacam 1.5 mg/ml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Metacam has no repeats left.')).toBeTruthy();
  });

  it('labels the note with its whole text above the box, wrapping rather than cut at 390 px', async () => {
    renderForm(() => Response.json({}));
    const label = 'Anything your practice should know (optional)';
    const note = await screen.findByRole('textbox', { name: label });
    const element = document.querySelector<HTMLElement>(`label[for="${note.id}"]`)!;
    expect(element.textContent).toBe(label);
    // A floating label is one line, cut with an ellipsis (text-field.module.css): this one wraps.
    const style = getComputedStyle(element);
    expect(style.whiteSpace).not.toBe('nowrap');
    expect(style.textOverflow).not.toBe('ellipsis');
    expect(style.position).not.toBe('absolute');
  });

  it('shows the API’s 400 on a quantity by that quantity, in its words, not the generic message', async () => {
    const message = 'Choose a quantity from the list for this medicine.';
    renderForm(() =>
      Response.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Some fields of the request body are not valid.',
          issues: [{ path: 'items.0.quantity', message }],
        },
        { status: 400 },
      ),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Metacam 1.5 mg/ml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const quantity = screen.getByLabelText('Quantity (bottles)');
    await vi.waitFor(() => expect(accessibleDescription(quantity)).toBe(message));
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(quantity);
    expect(screen.queryByText('Some fields of the request body are not valid.')).toBeNull();
  });

  it('sends only a quantity the list offers, and says so by the field otherwise', async () => {
    const sent = renderForm(() => Response.json({ requestId: 1 }, { status: 201 }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Metacam 1.5 mg/ml' }));
    // A value no option holds (a changed page): the select reads empty.
    fireEvent.change(screen.getByLabelText('Quantity (bottles)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const quantity = screen.getByLabelText('Quantity (bottles)');
    await vi.waitFor(() =>
      expect(accessibleDescription(quantity)).toBe('Choose a quantity from 1 to 2 (bottles).'),
    );
    expect(sent).toEqual([]);
  });
});
