/** "Last updated 23 November 2026" (UK time), or that the preferences were never confirmed. */
export function lastUpdatedText(lastConfirmedAt: string | null): string {
  if (lastConfirmedAt === null) return 'You have not confirmed your contact preferences yet.';
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(lastConfirmedAt));
  return `Last updated ${date}`;
}
