import { defaultRetentionPeriods } from './retention.ts';
import { describe, expect, it } from 'vitest';
import { loadOperatorConfig, OperatorConfigError } from './operator-config.ts';

describe('loadOperatorConfig (decision 0097)', () => {
  it('leaves DATABASE_URL and NODE_ENV unset for the command to decide, with the defaults', () => {
    expect(loadOperatorConfig({ DATABASE_URL: '', NODE_ENV: ' ' }, '/work/here')).toEqual({
      databaseUrl: undefined,
      nodeEnv: undefined,
      appRoles: [],
      webhookSecretKeys: undefined,
      webhookAllowedPrivateHosts: { names: new Set(), addresses: new Set() },
      portalUrl: undefined,
      brandName: 'Harbour Vets',
      invocationDirectory: '/work/here',
      retention: { enabled: true, periods: defaultRetentionPeriods, batchSize: 500, pauseMs: 500 },
      payments: { provider: 'off' },
      attachments: { store: { kind: 'database' }, clamd: undefined },
    });
  });

  it('reads what a deployment sets, and where npm run was typed', () => {
    const config = loadOperatorConfig(
      {
        DATABASE_URL: 'postgres://portal_app:secret@db:5432/portal',
        NODE_ENV: 'production',
        DATABASE_APP_ROLES: 'portal_app, portal_reports',
        WEBHOOK_SECRET_KEYS: 'k1:abc',
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'receiver.internal',
        PORTAL_URL: 'https://portal.vets.example/',
        INIT_CWD: '/home/operator/exports',
        ATTACHMENT_STORE: 'disk',
        ATTACHMENT_FOLDER: '/var/lib/portal/attachments',
      },
      '/work/repo',
    );
    expect(config).toMatchObject({
      // `retention run` deletes the files of this store, as the API's job does.
      attachments: { store: { kind: 'disk', folder: '/var/lib/portal/attachments' } },
      nodeEnv: 'production',
      appRoles: ['portal_app', 'portal_reports'],
      webhookSecretKeys: 'k1:abc',
      webhookAllowedPrivateHosts: { names: new Set(['receiver.internal']), addresses: new Set() },
      portalUrl: 'https://portal.vets.example',
      invocationDirectory: '/home/operator/exports',
    });
  });

  it('names every bad variable, never its value', () => {
    const env = {
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      NODE_ENV: 'staging',
      DATABASE_APP_ROLES: 'Bad Role',
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '10.0.0.0/8',
    };
    let error: unknown;
    try {
      loadOperatorConfig(env);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(OperatorConfigError);
    const { message, problems } = error as OperatorConfigError;
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'DATABASE_URL',
      'NODE_ENV',
      'DATABASE_APP_ROLES',
      'WEBHOOK_ALLOWED_PRIVATE_HOSTS',
    ]);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('staging');
    expect(message).not.toContain('10.0.0.0/8');
  });
});
