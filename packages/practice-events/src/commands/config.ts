/**
 * The operator commands' settings from the environment (the one place they read it).
 * UNACKNOWLEDGED_AFTER: how long an online record may wait for the practice system's reference before
 * `unacknowledged` lists it (`24h` when unset).
 */
export function unacknowledgedAfterSetting(): string | undefined {
  const value = process.env.UNACKNOWLEDGED_AFTER?.trim();
  return value ? value : undefined;
}
