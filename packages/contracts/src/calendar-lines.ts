/**
 * iCalendar's content lines (RFC 5545 3.1), for the web's calendar file and the API's invitations: a line
 * longer than 75 octets is folded, the rest of it on lines that start with a space.
 */

const encoder = new TextEncoder();

/** A content line folded within 75 octets (RFC 5545 3.1), never inside a character. */
export function foldCalendarLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
