/**
 * The booking page's steps live in its address (/appointments/book?…), so a reload keeps the place and
 * the back button steps back: petId, reasonId and clinicianId (choosing; a vet the client named, decision
 * 0101), startsAt and step=confirm (confirming),
 * step=done with appointmentId (booked); appointmentId alone is an amendment ("Change"). A visit of several
 * pets (decision 0117): the other pets in `with` (ids, comma-separated), and step=done with visitId;
 * change=1 with visitId moves the whole visit.
 */
export type BookingStep = 'choose' | 'confirm' | 'done';

export interface BookingParams {
  petId: number | null;
  reasonId: number | null;
  /** A vet the client chose (decision 0101); null: any vet. */
  clinicianId: number | null;
  startsAt: string | null;
  step: BookingStep;
  /** Amending this appointment (choose, confirm), or the booked one (done). */
  appointmentId: number | null;
  /** Amending: the appointment being moved. */
  amend: boolean;
  /** The other pets booked into the same visit, in order (decision 0117); empty: one pet. */
  withPetIds: number[];
  /** The visit booked (step=done), or being moved (with amend). */
  visitId: string | null;
}

const bookPath = '/appointments/book';

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2_147_483_647 ? number : null;
}

function instant(value: string | null): string | null {
  return value && !Number.isNaN(Date.parse(value)) ? value : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function petIds(value: string | null): number[] {
  const ids = (value ?? '').split(',').map(positiveInt);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

export function readBookingParams(params: Pick<URLSearchParams, 'get'>): BookingParams {
  const step = params.get('step');
  return {
    petId: positiveInt(params.get('petId')),
    reasonId: positiveInt(params.get('reasonId')),
    clinicianId: positiveInt(params.get('clinicianId')),
    startsAt: instant(params.get('startsAt')),
    step: step === 'confirm' || step === 'done' ? step : 'choose',
    appointmentId: positiveInt(params.get('appointmentId')),
    amend: params.get('change') === '1',
    withPetIds: petIds(params.get('with')),
    visitId: uuidPattern.test(params.get('visitId') ?? '') ? params.get('visitId') : null,
  };
}

export function bookingHref(params: Partial<BookingParams>): string {
  const query = new URLSearchParams();
  if (params.amend) query.set('change', '1');
  if (params.appointmentId) query.set('appointmentId', String(params.appointmentId));
  if (params.petId) query.set('petId', String(params.petId));
  if (params.reasonId) query.set('reasonId', String(params.reasonId));
  if (params.clinicianId) query.set('clinicianId', String(params.clinicianId));
  if (params.withPetIds?.length) query.set('with', params.withPetIds.join(','));
  if (params.visitId) query.set('visitId', params.visitId);
  if (params.startsAt) query.set('startsAt', params.startsAt);
  if (params.step && params.step !== 'choose') query.set('step', params.step);
  const search = query.toString();
  return search ? `${bookPath}?${search}` : bookPath;
}

export function changeAppointmentHref(appointmentId: number): string {
  return bookingHref({ amend: true, appointmentId });
}

/** The whole visit's change (decision 0117): a visit's appointment never moves alone. */
export function changeVisitHref(visitId: string): string {
  return bookingHref({ amend: true, visitId });
}
