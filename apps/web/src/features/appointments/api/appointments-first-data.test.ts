import { buildAppointment } from '@vet/contracts/testing/builders';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentsFirstData } from './appointments-first-data';

const getAppointmentsOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-appointments-on-server', () => ({ getAppointmentsOnServer }));

beforeEach(() => getAppointmentsOnServer.mockReset());

async function browserCache() {
  const queryClient = new QueryClient();
  hydrate(queryClient, await appointmentsFirstData());
  return queryClient;
}

describe('appointmentsFirstData', () => {
  it("gives the client's appointments under the key the browser's query reads", async () => {
    const appointments = [buildAppointment()];
    getAppointmentsOnServer.mockResolvedValue(appointments);

    expect((await browserCache()).getQueryData(['appointments'])).toEqual(appointments);
  });

  it('leaves them out when the server could not get them (not linked, the API down), so the browser asks', async () => {
    getAppointmentsOnServer.mockResolvedValue(undefined);

    expect((await browserCache()).getQueryCache().getAll()).toEqual([]);
  });
});
