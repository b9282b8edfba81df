import type { Session } from '../session.ts';
import { upsertCount } from './upsert.ts';

/** Prices, by their reference: a reason's (reason_ref) or a common service's (service). */
export const applyPrices = (session: Session) =>
  upsertCount(session, {
    table: 'practice_prices',
    from: `stage_prices s join practices p on p.pms_ref = s.practice_ref
           left join appointment_reasons r on r.pms_ref = s.reason_ref`,
    ref: 'price_ref',
    columns: [
      { name: 'practice_id', value: 'p.id' },
      { name: 'reason_id', value: 'r.id' },
      { name: 'service_name', value: 's.service' },
      { name: 'amount_pence', value: 's.amount_pence' },
      { name: 'includes', value: 's.includes' },
      { name: 'band', value: 's.band' },
      { name: 'effective_from', value: 's.effective_from' },
    ],
  });
