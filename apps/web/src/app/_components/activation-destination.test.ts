import { describe, expect, it } from 'vitest';
import {
  activationDestination,
  isActivationGuarded,
  type ActivationGuardInput,
} from './activation-destination';

const destination = (input: Partial<ActivationGuardInput>) =>
  activationDestination({
    pathname: '/',
    activationStatus: 'NOT_STARTED',
    hasStoredInvitation: false,
    glTag: null,
    ...input,
  });

describe('activationDestination (R4.1)', () => {
  it('lets a linked client stay, in either spelling', () => {
    expect(destination({ activationStatus: 'COMPLETED' })).toBeNull();
    expect(destination({ activationStatus: 'Completed' })).toBeNull();
  });

  it('sends NOT_STARTED, or no profile, to /client-routing', () => {
    expect(destination({ activationStatus: 'NOT_STARTED' })).toBe('/client-routing');
    expect(destination({ activationStatus: 'NotStarted' })).toBe('/client-routing');
    expect(destination({ activationStatus: null })).toBe('/client-routing');
    expect(destination({ activationStatus: 'Unheard-of' })).toBe('/client-routing');
  });

  it('sends STARTED to /verified, carrying the _gl tracking value on', () => {
    expect(destination({ activationStatus: 'STARTED' })).toBe('/verified');
    expect(destination({ activationStatus: 'Started', glTag: '1*abc*_ga*MTIz' })).toBe(
      '/verified?_gl=1*abc*_ga*MTIz',
    );
  });

  it('sends anyone not linked to /invite while an invitation is stored, whatever the status', () => {
    for (const activationStatus of ['NOT_STARTED', 'STARTED', null]) {
      expect(destination({ activationStatus, hasStoredInvitation: true })).toBe('/invite');
    }
    expect(destination({ activationStatus: 'COMPLETED', hasStoredInvitation: true })).toBeNull();
  });

  it('guards every page but the onboarding ones (and the redirect screens, the mailbox and complaints)', () => {
    for (const pathname of ['/', '/pets', '/pets/3', '/appointments', '/client-detail', '/practices']) {
      expect(destination({ pathname })).toBe('/client-routing');
    }
    for (const pathname of [
      '/registration',
      '/registration/',
      '/verified',
      '/registration-new',
      '/client-routing',
      '/guest/complete',
      '/appointments/book',
      '/invite',
      '/signin',
      '/signup',
      '/dev/mailbox',
      '/client-detail/delete-account',
      '/complaints',
    ]) {
      expect(destination({ pathname }), pathname).toBeNull();
    }
  });

  it('reads a route and what lies below it, not a longer name', () => {
    expect(isActivationGuarded('/registration-newish')).toBe(true);
    expect(isActivationGuarded('/verified/extra')).toBe(false);
    expect(isActivationGuarded('/appointments')).toBe(true);
  });
});
