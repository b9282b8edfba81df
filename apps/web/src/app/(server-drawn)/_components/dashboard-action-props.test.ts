import type { FeatureToggle } from '@vet/contracts/practices';
import { buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { describe, expect, it } from 'vitest';
import { dashboardActionProps } from './dashboard-action-props';

const profile = buildProfile({
  homePracticeId: 3,
  homePracticeName: 'Willowbrook Vets Clapham',
  homePracticePhone: '01632 960001',
});
const onToggles: FeatureToggle[] = [
  { featureKey: 'Online Booking Enabled', value: 'True' },
  { featureKey: 'online-register-pet-enabled', value: 'True' },
];
const pet = buildPet({ status: 'Active', awaitingInitialConsultation: false });
const loaded = <T>(data: T) => ({ data, isPending: false, isError: false });
const pending = { data: undefined, isPending: true, isError: false };
const failed = { data: undefined, isPending: false, isError: true };

describe('dashboardActionProps', () => {
  it('waits for the profile and the feature settings', () => {
    const busy = { booking: undefined, registration: undefined };
    expect(dashboardActionProps(undefined, loaded([pet]), loaded(onToggles))).toEqual(busy);
    expect(dashboardActionProps(profile, loaded([pet]), pending)).toEqual(busy);
  });

  it('decides registration before the pets are known, booking after', () => {
    const props = dashboardActionProps(profile, pending, loaded(onToggles));
    expect(props.booking).toBeUndefined();
    expect(props.registration).toEqual({ kind: 'navigate', href: '/pets/register' });
    expect(props.practice).toEqual({ name: 'Willowbrook Vets Clapham', phone: '01632 960001' });
    expect(dashboardActionProps(profile, loaded([pet]), loaded(onToggles)).booking).toEqual({
      kind: 'navigate',
      href: '/appointments/book',
    });
  });

  it('reads feature settings that failed to load as off, and needs none without a home practice', () => {
    expect(dashboardActionProps(profile, loaded([pet]), failed).booking).toEqual({
      kind: 'dialog',
      dialog: 'booking-unavailable',
    });
    const noPractice = buildProfile({
      homePracticeId: null,
      homePracticeName: null,
      homePracticePhone: null,
    });
    const props = dashboardActionProps(noPractice, loaded([pet]), pending);
    expect(props.registration).toEqual({ kind: 'dialog', dialog: 'registration-unavailable' });
    expect(props.practice).toBeNull();
  });

  it('leaves the pet checks to the booking page when the pets failed to load', () => {
    expect(dashboardActionProps(profile, failed, loaded(onToggles)).booking).toEqual({
      kind: 'navigate',
      href: '/appointments/book',
    });
  });
});
