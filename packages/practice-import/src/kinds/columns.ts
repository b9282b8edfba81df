import type { Column } from './kind.ts';

/** A kind's columns in the design's order, each marked required (true) or optional (false). */
export function columnsOf(columns: Readonly<Record<string, boolean>>): readonly Column[] {
  return Object.entries(columns).map(([name, isRequired]) => ({ name, required: isRequired }));
}
