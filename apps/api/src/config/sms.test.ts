import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { productionEnv } from '../testing/production-env.ts';
import { smsDeliveryOf } from '../messages/reminders/sms-delivery.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal', NODE_ENV: 'development' };
const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'an-auth-token-0123456789',
  TWILIO_FROM: '+447700900000',
};

describe('the SMS settings (decision 0085)', () => {
  it('keeps text messages in the development outbox locally, and sends none in production by default', () => {
    expect(loadConfig(local).sms).toEqual({ provider: 'outbox' });
    expect(smsDeliveryOf(loadConfig(local).sms)?.kind).toBe('outbox');
    expect(loadConfig({ ...productionEnv, DATABASE_URL: local.DATABASE_URL }).sms).toEqual({
      provider: 'off',
    });
    expect(smsDeliveryOf({ provider: 'off' })).toBeUndefined();
  });

  it('refuses the development outbox in production only when SMS is asked for', () => {
    const production = { ...productionEnv, DATABASE_URL: local.DATABASE_URL };
    expect(problemsOf({ ...production, SMS_PROVIDER: 'outbox' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER must be off, outbox or twilio/),
    ]);
    expect(loadConfig({ ...production, SMS_PROVIDER: 'off' }).sms).toEqual({ provider: 'off' });
    expect(loadConfig({ ...production, ...twilio }).sms).toEqual({
      provider: 'twilio',
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      from: twilio.TWILIO_FROM,
      apiUrl: 'https://api.twilio.com',
    });
  });

  it("needs Twilio's account, token and sender, and never names the token's value", () => {
    const problems = problemsOf({ ...local, SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 'short' });
    expect([...problems].sort()).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID is required/),
      expect.stringMatching(/^TWILIO_AUTH_TOKEN must be/),
      expect.stringMatching(/^TWILIO_FROM is required/),
    ]);
    expect(problems.join('\n')).not.toContain('short');
    expect(problemsOf({ ...local, ...twilio, TWILIO_FROM: 'not a sender!' })).toEqual([
      expect.stringMatching(/^TWILIO_FROM must be/),
    ]);
    expect(smsDeliveryOf(loadConfig({ ...local, ...twilio }).sms)?.kind).toBe('twilio');
  });
});
