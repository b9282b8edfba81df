import { buildAppointment } from '@vet/contracts/testing/builders';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentsFirstData } from './appointments-first-data';
import type { ActivationStatus } from '@vet/contracts/profile';

const getAppointmentsOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-appointments-on-server', () => ({ getAppointmentsOnServer }));

beforeEach(() => getAppointmentsOnServer.mockReset());

async function browserCache(activationStatus: ActivationStatus | undefined) {
  const queryClient = new QueryClient();
  hydrate(queryClient, await appointmentsFirstData(activationStatus));
  return queryClient;
}

describe('appointmentsFirstData', () => {
  it("gives the client's appointments under the key the browser's query reads", async () => {
    const appointments = [buildAppointment()];
    getAppointmentsOnServer.mockResolvedValue(appointments);

    expect((await browserCache('COMPLETED')).getQueryData(['appointments'])).toEqual(appointments);
  });

  it('leaves them out when the server could not get them (the API down), so the browser asks', async () => {
    getAppointmentsOnServer.mockResolvedValue(undefined);

    expect((await browserCache('COMPLETED')).getQueryCache().getAll()).toEqual([]);
  });

  it.each(['NOT_STARTED', 'STARTED', undefined] as const)(
    'does not ask the API for someone whose activation is %s (R4.2: it would refuse)',
    async (activationStatus) => {
      expect((await browserCache(activationStatus)).getQueryCache().getAll()).toEqual([]);
      expect(getAppointmentsOnServer).not.toHaveBeenCalled();
    },
  );
});
