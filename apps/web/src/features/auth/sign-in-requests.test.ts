import { describe, expect, it } from 'vitest';
import {
  guestKeepRequest,
  portalSignInRequest,
  requiredPageSignIn,
  signInFailedPath,
  signInRetryPath,
  signInScreenAction,
  signUpScreenRequest,
} from './sign-in-requests';

describe('portalSignInRequest', () => {
  it('signs in with azure-ad, a login prompt and a signin hint, back to /', () => {
    expect(portalSignInRequest()).toEqual({
      providerId: 'azure-ad',
      callbackUrl: '/',
      authorizationParams: { prompt: 'login', screen_hint: 'signin' },
    });
  });
});

describe('requiredPageSignIn', () => {
  it('signs in with azure-ad and a login prompt, returning to the page asked for', () => {
    expect(requiredPageSignIn({ pathname: '/pets', search: '?x=1' }, null)).toEqual({
      providerId: 'azure-ad',
      callbackUrl: '/pets?x=1',
      authorizationParams: { prompt: 'login', screen_hint: 'signin' },
    });
  });

  it('asks for the sign-up screen on /verified after a sign-up e-mail', () => {
    expect(requiredPageSignIn({ pathname: '/verified', search: '?code=1' }, 'signup')).toEqual({
      providerId: 'auth0',
      callbackUrl: '/verified?code=1',
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
  });

  it('asks for the sign-up screen on /invite, returning there', () => {
    expect(requiredPageSignIn({ pathname: '/invite', search: '' }, null)).toEqual({
      providerId: 'auth0',
      callbackUrl: '/invite',
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
  });

  it('signs in normally on /verified in sign-in mode, and elsewhere whatever the mode', () => {
    expect(requiredPageSignIn({ pathname: '/verified', search: '' }, 'signin').providerId).toBe('azure-ad');
    expect(requiredPageSignIn({ pathname: '/pets', search: '' }, 'signup').providerId).toBe('azure-ad');
  });
});

describe('signUpScreenRequest', () => {
  it('returns to the practice when one was given, otherwise to /', () => {
    expect(signUpScreenRequest('12')).toEqual({
      providerId: 'auth0',
      callbackUrl: '/?practice=12',
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
    expect(signUpScreenRequest(null).callbackUrl).toBe('/');
    expect(signUpScreenRequest('a&b=c').callbackUrl).toBe('/?practice=a%26b%3Dc');
  });
});

describe('signInScreenAction (R2.16, as the original behaves)', () => {
  it('starts sign-in with azure-ad back to / when the user is signed in', () => {
    expect(signInScreenAction(true, '12', 'tag')).toEqual({
      kind: 'sign-in',
      request: {
        providerId: 'azure-ad',
        callbackUrl: '/',
        authorizationParams: expect.any(Object) as unknown,
      },
    });
  });

  it('goes to the practice when signed out with a practice parameter', () => {
    expect(signInScreenAction(false, '12', 'tag')).toEqual({ kind: 'go', path: '/?practice=12' });
  });

  it('otherwise carries the stored analytics tag, or goes home', () => {
    expect(signInScreenAction(false, null, '1*abc*_ga')).toEqual({ kind: 'go', path: '/?_gl=1*abc*_ga' });
    expect(signInScreenAction(false, null, null)).toEqual({ kind: 'go', path: '/' });
  });
});

describe('guestKeepRequest', () => {
  it('signs up with auth0 by default, returning to /guest/complete', () => {
    expect(guestKeepRequest(false)).toEqual({
      providerId: 'auth0',
      callbackUrl: '/guest/complete',
      authorizationParams: { screen_hint: 'signup', prompt: 'login' },
    });
  });

  it('signs in with azure-ad for a guest who has an account, returning to /guest/complete', () => {
    expect(guestKeepRequest(true)).toEqual({
      providerId: 'azure-ad',
      callbackUrl: '/guest/complete',
      authorizationParams: { prompt: 'login', screen_hint: 'signin' },
    });
  });
});

describe('a failed sign-in (R8.2)', () => {
  it('goes to the sign-in screen with an error and the page to try again from', () => {
    expect(signInFailedPath('/pets?x=1')).toBe('/signin?error=Signin&callbackUrl=%2Fpets%3Fx%3D1');
  });

  it("tries again at the callbackUrl's path on the portal itself, whatever origin it named", () => {
    expect(signInRetryPath('/pets?x=1#top')).toBe('/pets?x=1#top');
    expect(signInRetryPath('http://localhost:3000/invite')).toBe('/invite');
    expect(signInRetryPath('https://elsewhere.example/steal')).toBe('/steal');
    expect(signInRetryPath('//elsewhere.example/x')).toBe('/x');
    expect(signInRetryPath('https://portal.example///elsewhere.example')).toBe('/elsewhere.example');
    expect(signInRetryPath('/\\elsewhere.example')).toBe('/');
    expect(signInRetryPath(null)).toBe('/');
  });
});
