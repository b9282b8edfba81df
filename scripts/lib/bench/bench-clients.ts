import pg from 'pg';
import type { TokenIssuer } from '../shared/token-issuer.ts';

/** A linked bench client: its home practice and first pet (whose id is the client's, see group-data-set.ts). */
export interface BenchClient {
  clientId: number;
  practiceId: number;
  petId: number;
  authorization: string;
}

/** A Vet and a Nurse reason any pet may have (the demo seed's lookups): what the benches search for. */
export async function searchReasonIds(pool: pg.Pool): Promise<{ vet: number; nurse: number }> {
  const result = await pool.query<{ name: string; id: number }>(
    `select name, id from appointment_reasons where name in ('General consultation', 'Nurse clinic')`,
  );
  const id = (name: string) => result.rows.find((row) => row.name === name)!.id;
  return { vet: id('General consultation'), nurse: id('Nurse clinic') };
}

/** A signed-in client's slot search at its home practice, for its first pet. */
export const slotSearchPath = (client: BenchClient, reasonId: number) =>
  `/v2/practices/${client.practiceId}/appointment-slots?appointmentReasonId=${reasonId}&petId=${client.petId}`;

/**
 * Random clients of random practices, linked to bench identities (subject `bench-<id>`) and given a
 * token each, in groups of the sizes asked; no client is in two groups or linked twice in a run.
 */
export async function linkClients(
  pool: pg.Pool,
  issuer: TokenIssuer,
  sizes: number[],
): Promise<BenchClient[][]> {
  const wanted = sizes.reduce((sum, size) => sum + size, 0);
  const picked = await pool.query<{ id: number; home_practice_id: number }>(
    `update clients set identity_issuer = $1, identity_subject = 'bench-' || id, linked_at = now()
      where id in (select id from clients where identity_subject is null order by random() limit $2)
      returning id, home_practice_id`,
    [issuer.issuer, wanted],
  );
  const clients = await Promise.all(
    picked.rows.map(async (row) => ({
      clientId: row.id,
      practiceId: row.home_practice_id,
      petId: row.id,
      authorization: await issuer.bearer(`bench-${row.id}`),
    })),
  );
  let offset = 0;
  return sizes.map((size) => clients.slice(offset, (offset += size)));
}

/** Links the first client with pets to a bench identity and returns its bearer header (bench:api, bench:retention). */
export async function linkOneClient(
  url: string,
  issuer: string,
  bearer: (subject: string) => Promise<string>,
): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: number }>(
      `update clients set identity_issuer = $1, identity_subject = 'bench-pets', linked_at = now()
        where id = (select client_id from pets order by client_id limit 1) returning id`,
      [issuer],
    );
    if (!rows[0]) throw new Error('no client with pets in the bench data set');
    return bearer('bench-pets');
  } finally {
    await pool.end();
  }
}
