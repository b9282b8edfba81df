/**
 * Which migrations run outside a transaction (decision 0125). PostgreSQL refuses `CREATE INDEX
 * CONCURRENTLY` inside a transaction block, `VALIDATE CONSTRAINT` only helps when the `NOT VALID`
 * constraint's short exclusive lock was committed before it, and an enum's new value (`ALTER TYPE … ADD
 * VALUE`) cannot be used until committed (decision 0168): so a migration holding any of them runs alone,
 * each statement committed on its own. The migrate step and the migration linter share these tests.
 */

/** Leading blank lines and `--` comments, which drizzle-kit's breakpoints leave before a statement. */
const lead = String.raw`^(?:\s|--[^\n]*(?:\n|$))*`;
const name = String.raw`(?:"(?:[^"]|"")+"|[a-z_][\w$]*)`;
const qualified = String.raw`${name}(?:\s*\.\s*${name})?`;

const concurrentIndex = new RegExp(
  String.raw`${lead}create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?(${qualified})\s+on\b`,
  'i',
);
/** Any concurrent build, named or not (the linter refuses an unnamed one: its leftovers cannot be found). */
const concurrentBuild = new RegExp(String.raw`${lead}create\s+(?:unique\s+)?index\s+concurrently\b`, 'i');
const concurrentDrop = new RegExp(String.raw`${lead}drop\s+index\s+concurrently\b`, 'i');
const concurrentReindex = new RegExp(String.raw`${lead}reindex\b[^;]*\bconcurrently\b`, 'i');
/** A new enum value: no statement can use it before its commit, so a later migration's rows wait for it. */
const addEnumValue = new RegExp(String.raw`${lead}alter\s+type\s+${qualified}\s+add\s+value\b`, 'i');
const validateConstraint = new RegExp(
  String.raw`${lead}alter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?${qualified}\s+validate\s+constraint\b`,
  'i',
);

/** True for a statement that must run outside a transaction, or is best committed on its own. */
export function runsAlone(statement: string): boolean {
  return [concurrentBuild, concurrentDrop, concurrentReindex, validateConstraint, addEnumValue].some((test) =>
    test.test(statement),
  );
}

/** True for a blank piece between breakpoints (drizzle-kit may leave one at the end of a file). */
export function isBlank(statement: string): boolean {
  return new RegExp(`${lead}$`).test(statement);
}

export interface ConcurrentIndex {
  /** The index's name as PostgreSQL stores it (quotes removed). */
  name: string;
  /** Its schema, when the statement names one. */
  schema: string | null;
}

/**
 * The index a `CREATE INDEX CONCURRENTLY` statement builds, or null for any other statement. A build that
 * failed leaves an INVALID index of that name behind, which the migrate step drops before building again.
 */
export function concurrentIndexOf(statement: string): ConcurrentIndex | null {
  const found = concurrentIndex.exec(statement)?.[1];
  if (found === undefined) return null;
  const parts = found.split(new RegExp(String.raw`\s*\.\s*(?=${name}$)`, 'i'));
  const unquote = (part: string) =>
    part.startsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part.toLowerCase();
  const [first, second] = parts.map(unquote);
  return second === undefined ? { name: first!, schema: null } : { name: second, schema: first! };
}

/** A migration runs alone when any of its statements does (the linter refuses one that mixes kinds). */
export function migrationRunsAlone(statements: readonly string[]): boolean {
  return statements.some(runsAlone);
}
