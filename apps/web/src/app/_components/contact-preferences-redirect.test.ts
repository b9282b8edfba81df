import { describe, expect, it } from 'vitest';
import {
  CONTACT_PREFERENCES_PATH,
  contactPreferencesRedirect,
  type ContactPreferencesRedirectInput,
} from './contact-preferences-redirect';

const due: ContactPreferencesRedirectInput = {
  pathname: '/',
  activationStatus: 'COMPLETED',
  requireContactPreferencesUpdate: true,
  shown: '0',
};

describe('contactPreferencesRedirect (R4.3)', () => {
  it.each(['/', '/pets', '/pets/12', '/appointments', '/client-detail'])(
    'sends a client who is due from %s to the preferences page',
    (pathname) => {
      expect(contactPreferencesRedirect({ ...due, pathname })).toBe(CONTACT_PREFERENCES_PATH);
    },
  );

  it('accepts the other spelling of COMPLETED', () => {
    expect(contactPreferencesRedirect({ ...due, activationStatus: 'Completed' })).toBe(
      CONTACT_PREFERENCES_PATH,
    );
  });

  it('fires on the preferences page itself (the caller sets the flag, with nowhere to go)', () => {
    expect(contactPreferencesRedirect({ ...due, pathname: `${CONTACT_PREFERENCES_PATH}/` })).toBe(
      CONTACT_PREFERENCES_PATH,
    );
  });

  it.each(['/registration-new', '/pets/register', '/pets/register/'])('is skipped on %s', (pathname) => {
    expect(contactPreferencesRedirect({ ...due, pathname })).toBeNull();
  });

  it.each([
    ['the flag is already 1', { shown: '1' }],
    ['the flag holds anything but 0', { shown: 'yes' }],
    ['the update is not required', { requireContactPreferencesUpdate: false }],
    ['the profile is loading', { requireContactPreferencesUpdate: undefined, activationStatus: undefined }],
    ['activation is STARTED', { activationStatus: 'STARTED' }],
    ['activation is NOT_STARTED', { activationStatus: 'NotStarted' }],
    ['there is no profile', { activationStatus: null }],
  ] as [string, Partial<ContactPreferencesRedirectInput>][])('does nothing when %s', (_case, change) => {
    expect(contactPreferencesRedirect({ ...due, ...change })).toBeNull();
  });
});
