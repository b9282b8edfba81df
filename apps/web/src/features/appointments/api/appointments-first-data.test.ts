import { buildAppointment } from '@vet/contracts/testing/builders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserCacheOf } from '@/testing/browser-cache';
import { appointmentsFirstData, upcomingDetailsWithPage } from './appointments-first-data';
import { appointmentQueryKey } from './appointments-query-key';
import type { ActivationStatus } from '@vet/contracts/profile';

const getAppointmentsOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-appointments-on-server', () => ({ getAppointmentsOnServer }));
const getAppointmentOnServer = vi.hoisted(() => vi.fn());
vi.mock('./get-appointment-on-server', () => ({ getAppointmentOnServer }));

beforeEach(() => {
  getAppointmentsOnServer.mockReset();
  getAppointmentOnServer.mockReset();
  getAppointmentOnServer.mockImplementation((appointmentId: number) =>
    Promise.resolve({ ...buildAppointment({ appointmentId }), changeableUntil: '2026-12-01T10:30:00Z' }),
  );
});

const browserCache = (
  activationStatus: ActivationStatus | undefined,
  options?: Parameters<typeof appointmentsFirstData>[1],
) => browserCacheOf(appointmentsFirstData(activationStatus, options));

const now = new Date('2026-11-25T09:00:00Z');

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

  it('asks for no appointment’s details unless the page offers Change and Cancel', async () => {
    getAppointmentsOnServer.mockResolvedValue([buildAppointment({ startsAt: '2026-12-02T10:00:00Z' })]);

    expect((await browserCache('COMPLETED', { now })).getQueryCache().getAll()).toHaveLength(1);
    expect(getAppointmentOnServer).not.toHaveBeenCalled();
  });

  it('gives each upcoming appointment’s details under the key its Change and Cancel read, and no past one’s', async () => {
    const upcoming = buildAppointment({ startsAt: '2026-12-02T10:00:00Z' });
    const started = buildAppointment({ startsAt: '2026-11-25T08:45:00Z' });
    const cancelled = buildAppointment({ startsAt: '2026-12-03T10:00:00Z', status: 'Cancelled' });
    getAppointmentsOnServer.mockResolvedValue([started, upcoming, cancelled]);

    const cache = await browserCache('COMPLETED', { upcomingDetails: true, now });

    expect(cache.getQueryData(appointmentQueryKey(upcoming.appointmentId))).toMatchObject({
      appointmentId: upcoming.appointmentId,
      changeableUntil: '2026-12-01T10:30:00Z',
    });
    expect(getAppointmentOnServer.mock.calls).toEqual([[upcoming.appointmentId]]);
    expect(cache.getQueryData(['appointments'])).toEqual([started, upcoming, cancelled]);
  });

  it(`asks for the soonest ${upcomingDetailsWithPage} only, and leaves out details the server could not get`, async () => {
    const appointments = Array.from({ length: upcomingDetailsWithPage + 2 }, (_, day) =>
      buildAppointment({ startsAt: `2026-12-${String(day + 10).padStart(2, '0')}T10:00:00Z` }),
    );
    getAppointmentsOnServer.mockResolvedValue([...appointments].reverse());
    getAppointmentOnServer.mockImplementation((appointmentId: number) =>
      Promise.resolve(
        appointmentId === appointments[0]!.appointmentId
          ? undefined
          : { ...buildAppointment({ appointmentId }), changeableUntil: '2026-12-01T10:30:00Z' },
      ),
    );

    const cache = await browserCache('COMPLETED', { upcomingDetails: true, now });

    const asked = getAppointmentOnServer.mock.calls.map(([appointmentId]: number[]) => appointmentId);
    expect(asked).toEqual(appointments.slice(0, upcomingDetailsWithPage).map((a) => a.appointmentId));
    expect(cache.getQueryData(appointmentQueryKey(appointments[0]!.appointmentId))).toBeUndefined();
    expect(cache.getQueryData(appointmentQueryKey(appointments[1]!.appointmentId))).toBeDefined();
  });

  it('asks for no details when the list could not be had', async () => {
    getAppointmentsOnServer.mockResolvedValue(undefined);

    expect(
      (await browserCache('COMPLETED', { upcomingDetails: true, now })).getQueryCache().getAll(),
    ).toEqual([]);
    expect(getAppointmentOnServer).not.toHaveBeenCalled();
  });
});
