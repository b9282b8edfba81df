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

describe('dashboardActionProps', () => {
  it('links both actions when the practice allows them, with the practice to call', () => {
    const props = dashboardActionProps(profile, [pet], onToggles);
    expect(props.booking).toEqual({ kind: 'navigate', href: '/appointments/book' });
    expect(props.registration).toEqual({ kind: 'navigate', href: '/pets/register' });
    expect(props.practice).toEqual({ name: 'Willowbrook Vets Clapham', phone: '01632 960001' });
  });

  it('reads feature settings that could not be read as off, as it does without a home practice', () => {
    expect(dashboardActionProps(profile, [pet], undefined).booking).toEqual({
      kind: 'dialog',
      dialog: 'booking-unavailable',
    });
    const noPractice = buildProfile({
      homePracticeId: null,
      homePracticeName: null,
      homePracticePhone: null,
    });
    const props = dashboardActionProps(noPractice, [pet], undefined);
    expect(props.registration).toEqual({ kind: 'dialog', dialog: 'registration-unavailable' });
    expect(props.practice).toBeNull();
  });

  it('leaves the pet checks to the booking page when the pets could not be read', () => {
    expect(dashboardActionProps(profile, undefined, onToggles).booking).toEqual({
      kind: 'navigate',
      href: '/appointments/book',
    });
  });
});
