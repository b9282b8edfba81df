import { literal, refuseIncompleteGroups, refuseRepeatedKeys, type CheckContext } from './cross-row-rules.ts';
import { refuseRows } from './refusals.ts';

/**
 * The checks of health plans and memberships across rows (issue 65, decision 0161), set-based over the
 * staging tables. A plan's benefits and a membership's uses are applied whole (as a practice's opening
 * hours): one refused row refuses its group. Rows found unchanged by their fingerprint carry only their
 * keys: they are as stored, and the rules below leave them out where they need more.
 */

export const benefitsOfAPlan = async (context: CheckContext) => {
  await refuseRepeatedKeys(
    context,
    'health_plan_benefits.csv',
    ['plan_ref', 'name'],
    'this plan’s benefit of the same name is given',
  );
  await refuseIncompleteGroups(context, 'health_plan_benefits.csv', 'plan_ref', "a plan's benefits");
};

/** The memberships the batch keeps live (pending is the portal's own, never sent). */
const liveInBatch = `not s.refused and not s.unchanged and s.status = 'active'`;

/**
 * One live membership per pet and plan (plan_memberships_live_uq): a second one in the batch, or one
 * beside another the portal holds under another reference that the batch does not end, is refused naming
 * the other. A live membership the portal holds without a reference (joined online, not yet acknowledged)
 * is not in the way: the import adopts it (apply/plans.ts). A membership the owner cancelled in the portal,
 * or the bank ended, is not made live again by an export that has not caught up.
 */
export const oneLiveMembership = async ({ session }: CheckContext) => {
  await refuseRows(
    session,
    'plan_memberships.csv',
    `select tid, line, 'plan_ref' as column_name,
            'the pet already has a live membership of this plan in line ' || first_line
              || ': end one (status cancelled or ended) first' as reason
       from (select s.ctid as tid, s.line,
                    min(s.line) over (partition by s.pet_ref, s.plan_ref) as first_line
               from stage_plan_memberships s where ${liveInBatch}) d
      where line > first_line`,
  );
  await refuseRows(
    session,
    'plan_memberships.csv',
    `select s.ctid as tid, s.line, 'plan_ref' as column_name,
            'the pet already has a live membership of this plan under another reference: end it first (status cancelled or ended)' as reason
       from stage_plan_memberships s
       join pets pe on pe.pms_ref = s.pet_ref
       join health_plans h on h.pms_ref = s.plan_ref
       join plan_memberships m on m.pet_id = pe.id and m.plan_id = h.id and m.status in ('pending', 'active')
      where ${liveInBatch} and m.pms_ref is not null and m.pms_ref <> s.membership_ref
        and not exists (select 1 from stage_plan_memberships o
                         where o.membership_ref = m.pms_ref and not o.refused and not o.unchanged
                           and o.status <> 'active')`,
  );
  await refuseRows(
    session,
    'plan_memberships.csv',
    `select s.ctid as tid, s.line, 'status' as column_name,
            'cancelled in the portal ' || case m.ended_by when 'bank' then 'at the bank' else 'by the owner' end
              || ' on ' || to_char(m.ended_at at time zone 'Europe/London', 'YYYY-MM-DD')
              || ': send it as cancelled or ended' as reason
       from stage_plan_memberships s
       join plan_memberships m on m.pms_ref = s.membership_ref
      where ${liveInBatch} and m.status = 'cancelled' and m.ended_by in ('client', 'bank')`,
  );
};

/**
 * A use names an allowance of its membership's plan, by name: the plan's benefits in the batch when it
 * sends them, else the stored ones. A benefit once per membership; a membership's uses applied whole.
 */
export const usesOfAMembership = async (context: CheckContext) => {
  await refuseRepeatedKeys(
    context,
    'plan_membership_uses.csv',
    ['membership_ref', 'benefit'],
    'this membership’s use of the same benefit is given',
  );
  await refuseRows(
    context.session,
    'plan_membership_uses.csv',
    `with plan_of as materialized (
       select u.ctid as tid, u.line, u.benefit,
              coalesce(b.plan_ref, (select h.pms_ref from plan_memberships m join health_plans h on h.id = m.plan_id
                                     where m.pms_ref = u.membership_ref)) as plan_ref
         from stage_plan_membership_uses u
         left join stage_plan_memberships b on b.membership_ref = u.membership_ref and not b.refused
        where not u.refused),
     benefit as materialized (
       select p.tid, p.line,
              case when exists (select 1 from stage_health_plan_benefits sb where sb.plan_ref = p.plan_ref and not sb.refused)
                   then (select sb.kind from stage_health_plan_benefits sb
                          where sb.plan_ref = p.plan_ref and not sb.refused and sb.name = p.benefit)
                   else (select hb.kind::text from health_plan_benefits hb join health_plans h on h.id = hb.plan_id
                          where h.pms_ref = p.plan_ref and hb.name = p.benefit) end as kind
         from plan_of p)
     select tid, line, 'benefit' as column_name,
            case when kind is null then ${literal('not a benefit of the membership’s plan (its name in health_plan_benefits.csv)')}
                 else ${literal('a discount is not counted: only an allowance has uses')} end as reason
       from benefit where kind is distinct from 'allowance'`,
  );
  await refuseIncompleteGroups(context, 'plan_membership_uses.csv', 'membership_ref', "a membership's uses");
};
