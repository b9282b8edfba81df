import { defaultRetentionPeriods } from './retention.ts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { loadOperatorConfig } from './operator-config.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://localhost/portal', NODE_ENV: 'development' };

describe('the retention settings (decision 0119)', () => {
  it('runs daily with the documented periods unless told otherwise', () => {
    expect(loadConfig(local).retention).toEqual({
      enabled: true,
      periods: defaultRetentionPeriods,
      batchSize: 500,
      pauseMs: 500,
    });
    expect(defaultRetentionPeriods).toEqual({
      messageBodyDays: 30,
      sentMessageDays: 365,
      practiceEventDays: 90,
      reminderDays: 365,
      consentYears: 6,
      auditYears: 6,
    });
  });

  it('takes longer periods, and RETENTION=off for a legal hold', () => {
    const config = loadConfig({
      ...local,
      RETENTION: 'off',
      RETENTION_CONSENT_YEARS: '10',
      RETENTION_SENT_MESSAGE_DAYS: '730',
    });
    expect(config.retention.enabled).toBe(false);
    expect(config.retention.periods).toMatchObject({ consentYears: 10, sentMessageDays: 730 });
  });

  it('refuses a period below what the law or the portal needs, naming each variable', () => {
    expect(
      problemsOf({ ...local, RETENTION_CONSENT_YEARS: '5', RETENTION_PRACTICE_EVENT_DAYS: '1' }),
    ).toEqual([
      'RETENTION_PRACTICE_EVENT_DAYS must be a whole number of days from 7 to 3650; unset: 90 a practice event stays in the feed, with its deliveries whatever their state',
      'RETENTION_CONSENT_YEARS must be a whole number of years from 6 to 20; unset: 6 a replaced consent is kept as proof (Limitation Act 1980: no fewer than 6)',
    ]);
  });

  it('refuses messages kept for less time than their bodies', () => {
    expect(
      problemsOf({ ...local, RETENTION_MESSAGE_BODY_DAYS: '60', RETENTION_SENT_MESSAGE_DAYS: '45' }),
    ).toEqual([expect.stringMatching(/^RETENTION_SENT_MESSAGE_DAYS must be /)]);
  });

  it('gives the operator’s command the same periods', () => {
    expect(loadOperatorConfig({ RETENTION_REMINDER_DAYS: '400' }, '/').retention.periods.reminderDays).toBe(
      400,
    );
  });
});
