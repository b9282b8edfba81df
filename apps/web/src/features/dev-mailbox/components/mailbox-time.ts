const format = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "3 Mar, 10:30:15" in the reader's own time zone: when the e-mail was written, to the second. */
export function formatMailboxTime(iso: string): string {
  return format.format(new Date(iso));
}
