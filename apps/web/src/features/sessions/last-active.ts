import { clockTime, monthNames, practiceWallTime } from '@vet/contracts/practice-clock';

/** A session's last activity is written at most once a minute (active-session.ts): within two, "now". */
const nowWindowMs = 2 * 60_000;

/** "Active now", or "Last active 26 November 2026 at 09:05" (UK time). */
export function lastActiveText(lastActiveAt: string, now = new Date()): string {
  const at = new Date(lastActiveAt);
  if (now.getTime() - at.getTime() < nowWindowMs) return 'Active now';
  const wall = practiceWallTime(at);
  return `Last active ${wall.day} ${monthNames[wall.month - 1]} ${wall.year} at ${clockTime(wall)}`;
}
