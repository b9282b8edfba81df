import { describe, expect, it, vi } from 'vitest';
import { SessionEndedError } from '@/shared/auth-session/server/active-session';
import { createAuthLogger } from './auth-logger';

function sink() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
}

describe('the sign-in layer’s logger', () => {
  it('logs an ended session quietly: one line, no stack', () => {
    const out = sink();
    createAuthLogger(out).error('JWT_SESSION_ERROR', new SessionEndedError('no live session'));
    expect(out.error).not.toHaveBeenCalled();
    expect(out.info).toHaveBeenCalledWith('[auth] JWT_SESSION_ERROR: SessionEndedError: no live session');
  });

  it('logs other errors by code, name and message only, never the metadata around them', () => {
    const out = sink();
    const error = new Error('state mismatch');
    createAuthLogger(out).error('OAUTH_CALLBACK_ERROR', {
      error,
      providerId: 'azure-ad',
      profile: { email: 'olivia.bennett@example.com' },
      tokens: { access_token: 'eyJsecret' },
    });
    expect(out.error).toHaveBeenCalledWith('[auth] OAUTH_CALLBACK_ERROR: Error: state mismatch');
    const logged = JSON.stringify(out.error.mock.calls);
    expect(logged).not.toContain('olivia');
    expect(logged).not.toContain('eyJ');
    expect(logged).not.toMatch(/\\n\s+at /);
  });

  it('logs warnings by code and drops debug output', () => {
    const out = sink();
    const logger = createAuthLogger(out);
    logger.warn('DEBUG_ENABLED');
    logger.debug('anything', { secret: 'x' });
    expect(out.warn).toHaveBeenCalledWith('[auth] warning DEBUG_ENABLED');
    expect(out.info).not.toHaveBeenCalled();
  });
});
