import type pg from 'pg';
import type { BenchClient } from './bench-clients.ts';
import { quantile } from './open-loop.ts';

/**
 * What the pet page's plan section reads (issue 65): the pet's memberships with their plan, its benefits
 * in order and how much of each the plan year has used, in one query. bench:plans times it here when the
 * build has no GET /v2/pets/{petId}/plans yet; the route's own repository may read it otherwise.
 */
const petPlansSql = `
  select m.id, m.status, m.billing, m.price_pence, m.started_on, m.renews_on, m.next_payment_on,
         hp.name, hp.minimum_term_months, hp.cooling_off_days, hp.early_exit_fee_pence,
         coalesce((
           select json_agg(json_build_object('name', b.name, 'kind', b.kind, 'vaccination', b.vaccination,
                                             'allowance', b.allowance_per_year, 'discount', b.discount_percent,
                                             'used', coalesce(u.used, 0)) order by b.position)
             from health_plan_benefits b
             left join plan_membership_uses u on u.benefit_id = b.id and u.membership_id = m.id
            where b.plan_id = m.plan_id), '[]') as benefits
    from plan_memberships m join health_plans hp on hp.id = m.plan_id
   where m.pet_id = $1 and m.client_id = $2
   order by (m.status in ('pending', 'active')) desc, m.started_on desc
   limit 20`;

/** `count` reads, two at a time (the pool's connections), over the clients' pets: p50/p95/p99. */
export async function timePlanReads(pool: pg.Pool, clients: readonly BenchClient[], count: number) {
  const latencies: number[] = [];
  let next = 0;
  let benefits = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < count) {
        const client = clients[next++ % clients.length]!;
        const started = performance.now();
        const { rows } = await pool.query<{ benefits: unknown[] }>(petPlansSql, [
          client.petId,
          client.clientId,
        ]);
        latencies.push(performance.now() - started);
        benefits += rows[0]?.benefits.length ?? 0;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const ms = (q: number) => quantile(latencies, q).toFixed(1);
  return (
    `  the plan read at the database: ${count} reads, p50 ${ms(0.5)} ms, p95 ${ms(0.95)} ms, ` +
    `p99 ${ms(0.99)} ms, max ${ms(1)} ms; ${(benefits / count).toFixed(1)} benefits a read ` +
    '(goal for the route: under 50 ms at p99)'
  );
}
