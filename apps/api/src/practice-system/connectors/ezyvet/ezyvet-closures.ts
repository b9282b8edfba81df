import type { ReadKind, ReadPage, ReadRecord } from '../vendor-port.ts';
import { planningGuideSchema } from './ezyvet-answers.ts';
import type { EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { instantText } from './ezyvet-time.ts';
import { readCursor, windowCursorSchema, windowPage, windowStart } from './ezyvet-window.ts';

/**
 * A clinician's closures, read from ezyVet (decision 0116). ezyVet documents no closures or opening hours
 * endpoint; its availability guide (https://developers.ezyvet.com/guides/availability.html) blocks a
 * resource's time with a planning guide of a "Block Out - Unavailable" appointment type. Those guides are
 * the clinician's closures here (closures.csv's columns, clinician_ref the resource); every other guide
 * offers times and is read with its clinician (ezyvet-map.ts). A practice-wide closure has no place in
 * ezyVet's API: a closed day is a day without guides, which offers no times.
 *
 * The guides' window is read by modification time like any kind: a guide made inactive, or changed to a
 * type that offers times, is a deleted closure (removing a closure the portal never had changes nothing).
 */
export class EzyvetClosures {
  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {}

  async read(cursor: string | null, signal?: AbortSignal): Promise<ReadPage<ReadKind>> {
    const at = readCursor(windowCursorSchema, cursor, windowStart);
    const page = await windowPage(
      this.http,
      '/v2/planningguide',
      'planningguide',
      planningGuideSchema,
      at,
      signal,
    );
    const { timezone } = await this.catalog.site(signal);
    const records: ReadRecord[] = [];
    const deleted = page.gone.map((guide) => String(guide.id));
    for (const guide of page.rows) {
      const reason = await this.catalog.blockOutName(guide.appointment_type_id, signal);
      if (reason === null) {
        // On the first sync no closure can have come from it; afterwards it may have been a block-out.
        if (at.s > 0) deleted.push(String(guide.id));
        continue;
      }
      records.push({
        ref: String(guide.id),
        body: {
          closure_ref: String(guide.id),
          practice_ref: this.http.options.practiceRef,
          clinician_ref: String(guide.resource_id),
          starts_at: instantText(guide.start_at, timezone),
          ends_at: instantText(guide.end_at, timezone),
          reason,
        },
      });
    }
    return { records, deleted, cursor: JSON.stringify(page.next), more: page.more };
  }
}
