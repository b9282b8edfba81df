/**
 * The import command's one setting: DATABASE_URL names the database to import into (no default: an
 * import into an unintended database must not happen by omission).
 */
export function importDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** Where the command was typed: `npm run` moves to the repository's root, and a relative path means from here. */
export function invocationDirectory(): string {
  return process.env.INIT_CWD ?? process.cwd();
}
