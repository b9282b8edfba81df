import { migrateStep } from '@vet/db/migrate-step';
import { operatorCommand } from './operator-command.ts';

/**
 * `portal-admin migrate`: the migrate step (decision 0068), as `npm run migrate` and migrate.sh run it, with
 * the grants to DATABASE_APP_ROLES (decision 0092). Prints a line a step, never the URL.
 */
export const migrateCommand = operatorCommand({
  name: 'migrate',
  usage: '',
  summary:
    'bring the database up to date, then grant DATABASE_APP_ROLES the apps’ privileges (decision 0092)',
  async run(_given, context) {
    const target = await context.target();
    if (!target) return 2;
    return migrateStep(target.databaseUrl, context.settings.appRoles, context);
  },
});
