import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@vet/db/connection';
import { runToExit } from './production-smoke-processes.ts';

/**
 * A group going live (README, "Production"): on a database that has only its migrations, the operator's
 * command loads the reference lists and imports the group's own export, as the app role with the API's
 * production settings. The export (go-live-export/) is written as another practice system writes one,
 * not as the demo's: the specification's species codes (`Canine`, `FELINE`), breeds by synonym
 * (`Alsatian`, `Domestic Short-Haired`) and by VeNom code (`VeNom:14846`, Cocker Spaniel), colours by
 * synonym (`Black & Tan`), insurers as the system spells them (`PETPLAN`, `More Than`, `Tesco Bank`),
 * salutations in capitals or with a stop (`MRS`, `Dr.`, `Mister`), booleans in any case, a postcode in
 * lower case; every name and address made up. Every row must be applied, and no demo data may be there.
 */
const exportDirectory = fileURLToPath(new URL('./go-live-export', import.meta.url));

export async function goLive(runtime: string, apiEnv: NodeJS.ProcessEnv): Promise<void> {
  const lists = await runToExit(runtime, 'portal-admin.sh', apiEnv, ['lists']);
  if (lists.code !== 0 || !/^lists: loaded in /m.test(lists.output))
    throw new Error(`portal-admin.sh lists failed (exit ${lists.code}):\n${lists.output}`);
  const imported = await runToExit(runtime, 'portal-admin.sh', apiEnv, ['import', exportDirectory]);
  if (imported.code !== 0)
    throw new Error(`portal-admin.sh import refused rows (exit ${imported.code}):\n${imported.output}`);

  const database = connectDatabase(apiEnv.DATABASE_URL!, { max: 1 });
  try {
    const { rows } = await database.pool.query<{ practices: string; demo: string; pets: string }>(
      `select (select count(*) from practices) as practices,
              (select count(*) from practices where name like 'Willowbrook%') +
                (select count(*) from clients where email like '%@example.com' and last_name = 'Bennett') as demo,
              (select count(*) from pets p join breeds b on b.id = p.breed_id
                where b.name in ('German Shepherd Dog', 'Cocker Spaniel', 'British Shorthair')) as pets`,
    );
    const [found] = rows;
    if (found?.practices !== '2' || found.demo !== '0' || found.pets !== '3')
      throw new Error(`the go-live database is not the export's alone: ${JSON.stringify(found)}`);
  } finally {
    await database.close();
  }
}
