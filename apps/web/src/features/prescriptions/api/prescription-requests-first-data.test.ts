import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionRequests } from '@vet/contracts/prescription-requests';
import type { ActivationStatus } from '@vet/contracts/profile';
import { browserCacheOf } from '@/testing/browser-cache';
import { prescriptionRequestsFirstData } from './prescription-requests-first-data';

const getFromApiOnServer = vi.hoisted(() => vi.fn());
vi.mock('@/shared/bff/server-api', () => ({ getFromApiOnServer }));

beforeEach(() => getFromApiOnServer.mockReset());

const answer: PrescriptionRequests = {
  requests: [
    {
      requestId: 7,
      petId: 3,
      petName: 'Pickle',
      status: 'Requested',
      supply: 'collect',
      feePence: 0,
      requestedAt: '2026-11-27T09:00:00.000Z',
      note: null,
      answerMessage: null,
      answeredAt: null,
      items: [{ medicine: 'Metacam', strength: '1.5 mg/ml', quantity: 1, unit: 'bottle' }],
    },
  ],
};

describe('prescriptionRequestsFirstData', () => {
  it("gives the client's requests under the key the browser's query reads", async () => {
    getFromApiOnServer.mockResolvedValue({ status: 200, data: answer });

    const cache = await browserCacheOf(prescriptionRequestsFirstData('COMPLETED'));

    expect(cache.getQueryData(['prescription-requests'])).toEqual(answer);
    expect(getFromApiOnServer.mock.calls[0]?.[0]).toEqual(['prescription-requests']);
  });

  it('leaves them out when the server could not get them (the API down), so the browser asks', async () => {
    getFromApiOnServer.mockResolvedValue({ status: 502, data: undefined });

    const cache = await browserCacheOf(prescriptionRequestsFirstData('COMPLETED'));

    expect(cache.getQueryCache().getAll()).toEqual([]);
  });

  it.each(['NOT_STARTED', 'STARTED', undefined] as const)(
    'does not ask the API for someone whose activation is %s (R4.2: it would refuse)',
    async (activationStatus: ActivationStatus | undefined) => {
      const cache = await browserCacheOf(prescriptionRequestsFirstData(activationStatus));

      expect(cache.getQueryCache().getAll()).toEqual([]);
      expect(getFromApiOnServer).not.toHaveBeenCalled();
    },
  );
});
