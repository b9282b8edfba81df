import { to as copyTo } from 'pg-copy-streams';
import type { ParseContext } from '../kinds/kind.ts';
import type { FingerprintedTable } from './fingerprints.ts';
import type { Session } from './session.ts';

/**
 * The fingerprints stored in one table, held by the import while it reads that table's file: an open
 * addressing set of their first 96 bits, 12 bytes each (about 140 MB for a group's 10 million
 * appointments, the only file that large). 96 bits are plenty: the chance that any of 10 million changed
 * rows matches any of 10 million stored fingerprints by accident is about 10^-15.
 */
export class FingerprintSet {
  private readonly slots: Uint32Array;
  private readonly capacity: number;
  size = 0;

  constructor(expected: number) {
    // At most 80 % full, so that a probe for a fingerprint not there ends soon.
    this.capacity = Math.max(16, Math.ceil(expected / 0.8));
    this.slots = new Uint32Array(this.capacity * 3);
  }

  /** Adds a fingerprint (its first three words); false when the set is full. */
  add(a: number, b: number, c: number): boolean {
    if (this.size >= this.capacity - 1) return false;
    const found = this.find(a, b, c);
    if (found >= 0) return true;
    const slot = -found - 1;
    this.slots[slot * 3] = a;
    this.slots[slot * 3 + 1] = b;
    // An empty slot is all zeros: the third word is stored with its lowest bit set (95 bits compared).
    this.slots[slot * 3 + 2] = c | 1;
    this.size++;
    return true;
  }

  has(words: Uint32Array): boolean {
    return this.size > 0 && this.find(words[0]!, words[1]!, words[2]!) >= 0;
  }

  /** The slot holding the fingerprint, or -(the empty slot where it would go) - 1. */
  private find(a: number, b: number, c: number): number {
    const marked = (c | 1) >>> 0;
    // The first word is uniformly spread: scaled to the capacity, it is the home slot.
    let slot = Math.floor(((a >>> 0) / 0x1_0000_0000) * this.capacity);
    for (;;) {
      const at = slot * 3;
      const stored = this.slots[at + 2]!;
      if (stored === 0) return -slot - 1;
      if (stored === marked && this.slots[at] === a >>> 0 && this.slots[at + 1] === b >>> 0) return slot;
      slot = slot + 1 === this.capacity ? 0 : slot + 1;
    }
  }
}

/** Binary COPY: an 11-byte signature, flags and header extension (4 + 4 bytes), then the tuples. */
const copyHeaderBytes = 19;
/** One tuple of one uuid: a field count (2 bytes), the field's length (4) and its 16 bytes. */
const tupleBytes = 22;

/**
 * The fingerprints stored in `table.table` that still stand (`stillValid`), streamed by binary COPY
 * straight into a set sized by a count first: the import process never holds them twice.
 */
export async function loadStoredFingerprints(
  session: Session,
  table: FingerprintedTable,
  context: ParseContext,
): Promise<FingerprintSet> {
  const where = `import_fingerprint is not null${table.stillValid ? ` and (${table.stillValid(context)})` : ''}`;
  const [row] = await session.query<{ n: number }>(
    `select count(*)::int as n from ${table.table} where ${where}`,
  );
  const set = new FingerprintSet(row?.n ?? 0);
  if (!row?.n) return set;
  const stream = session.client.query(
    copyTo(`copy (select import_fingerprint from ${table.table} where ${where}) to stdout (format binary)`),
  );
  let carry: Buffer = Buffer.alloc(0);
  let skip = copyHeaderBytes;
  // Rows stored since the count may find the set full: fewer fingerprints taken only means more rows
  // read in full. The COPY is read to its end either way (the session goes on with other queries).
  let room = true;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let at = Math.min(skip, data.length);
    skip -= at;
    for (; room && at + tupleBytes <= data.length; at += tupleBytes) {
      if (data.readInt16BE(at) !== 1) break; // the trailer (-1)
      room = set.add(data.readUInt32BE(at + 6), data.readUInt32BE(at + 10), data.readUInt32BE(at + 14));
    }
    carry = room ? data.subarray(at) : Buffer.alloc(0);
  }
  return set;
}
