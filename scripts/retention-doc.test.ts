import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retentionPeriodBounds } from '../apps/api/src/config/retention.ts';
import { retentionRules } from '../apps/api/src/platform/retention/retention-rules.ts';

/**
 * docs/retention.md is the portal's retention schedule (decision 0119): every kind the job applies must be
 * in its table, under the name the job's log and `portal-admin retention run` print, with what happens then, and every setting's
 * floor and ceiling must be the ones the API enforces.
 */
const markdown = readFileSync(new URL('../docs/retention.md', import.meta.url), 'utf8');
const tableRows = markdown.split('\n').filter((line) => line.startsWith('| `'));

describe('docs/retention.md', () => {
  it.each(retentionRules.map((rule) => [rule.kind, rule.action] as const))(
    'names the kind %s in its table and says it is %s',
    (kind, action) => {
      const row = tableRows.find((line) => line.split('|')[1]?.includes(`\`${kind}\``));
      expect(row, `no row names ${kind}`).toBeDefined();
      expect(row).toContain(`**${action}**`);
    },
  );

  it('gives each setting its floor and ceiling', () => {
    const settings = {
      RETENTION_MESSAGE_BODY_DAYS: 'messageBodyDays',
      RETENTION_SENT_MESSAGE_DAYS: 'sentMessageDays',
      RETENTION_PRACTICE_EVENT_DAYS: 'practiceEventDays',
      RETENTION_REMINDER_DAYS: 'reminderDays',
      RETENTION_CONSENT_YEARS: 'consentYears',
      RETENTION_AUDIT_YEARS: 'auditYears',
    } as const;
    for (const [variable, name] of Object.entries(settings)) {
      const { min, max } = retentionPeriodBounds[name];
      expect(markdown, variable).toContain(`\`${variable}\`, ${min}–${max}`);
    }
  });
});
