import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { applyMigrations } from './apply-migrations.ts';
import { migrationsFolder } from './migrate.ts';
import { dropDatabase, ensureDatabase } from './server.ts';

/**
 * Migrations 0069 and 0070 (decision 0168) on a database that had clients before them: everyone signed up,
 * or who saved their choices, is told of answers by e-mail and not by text; a client with neither gets no
 * rows. A database of this file's own, migrated to 0068 first.
 */
const serverUrl = new URL(inject('databaseUrl'));
serverUrl.pathname = '/postgres';
const name = `portal_purpose_${randomBytes(4).toString('hex')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
let client: pg.Client;
let before: string;

/** The committed migrations up to `lastTag`, as a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  const entries = journal.entries.slice(0, last + 1);
  for (const { tag } of entries)
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

beforeAll(async () => {
  await ensureDatabase(serverUrl.toString(), name);
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  before = migrationsUpTo('0068_validate_message_answer_hours');
});
afterAll(async () => {
  await client?.end();
  await dropDatabase(serverUrl.toString(), name);
  rmSync(before, { recursive: true, force: true });
});

describe('the messages purpose’s defaults (0069, 0070)', () => {
  it('gives the signed-up and those who chose e-mail yes, text no, and nobody else anything', async () => {
    await applyMigrations(client, before);
    const { rows: practices } = await client.query<{ id: number }>(
      `insert into practices (name, address_line1, town, postcode, phone)
       values ('Clapham', '1 High Street', 'London', 'SW4 0LN', '020 7946 0000') returning id`,
    );
    const newClient = async (lastName: string, subject: string | null) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into clients (first_name, last_name, last_name_key, home_practice_id, identity_subject)
         values ('Ada', $1, lower($1), $2, $3) returning id`,
        [lastName, practices[0]!.id, subject],
      );
      return rows[0]!.id;
    };
    const signedUp = await newClient('Signed', 'subject-1');
    const chose = await newClient('Chose', null);
    const neither = await newClient('Neither', null);
    await client.query(
      `insert into contact_preferences (client_id, purpose, channel, opted_in) values ($1, 'reminders', 'sms', true)`,
      [chose],
    );

    expect(await applyMigrations(client, migrationsFolder)).toBeGreaterThanOrEqual(2);

    const { rows } = await client.query<{ client_id: number; channel: string; opted_in: boolean }>(
      `select client_id, channel::text, opted_in from contact_preferences
       where purpose = 'messages' order by client_id, channel`,
    );
    const of = (id: number) =>
      rows.filter((row) => row.client_id === id).map((row) => [row.channel, row.opted_in]);
    const defaults = [
      ['email', true],
      ['phone', false],
      ['post', false],
      ['sms', false],
    ];
    expect(of(signedUp)).toEqual(defaults);
    expect(of(chose)).toEqual(defaults);
    expect(of(neither)).toEqual([]);
  });
});
