import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * What a link's credential becomes in a stored message once it has left: a word no token, code or
 * invitation equals, so the link opens only the page's "not valid" answer.
 */
export const redactedLinkMarker = 'redacted';

/**
 * The links the portal's messages carry whose tail is a credential (PostgreSQL regular expressions; the
 * first group is kept): an appointment's manage link (decision 0084) and an earlier-time offer (0086) in
 * the fragment, a verification code (R4.17), an invitation code (R4.18) and the embedded provider's
 * password reset in the query. The tokens are stored hashed everywhere else.
 */
const credentialLinks = [
  String.raw`(/manage#)[A-Za-z0-9._~-]+`,
  String.raw`(/earlier-time#)[A-Za-z0-9._~-]+`,
  String.raw`(/verified\?code=)[^&"'<>[:space:]]+`,
  String.raw`(/invite\?rc=)[^&"'<>[:space:]]+`,
  String.raw`(/reset\?token=)[^&"'<>[:space:]]+`,
];

/**
 * A stored body with every link credential replaced by the marker (null stays null): the outboxes keep
 * what was sent, but no working link once it has left or was given up (security round three, finding 8).
 * An expression, so that the statement that marks a message sent or failed redacts it too.
 */
export function withLinksRedacted(body: SQLWrapper): SQL {
  return credentialLinks.reduce<SQL>(
    (text, pattern) =>
      sql`regexp_replace(${text}, ${pattern}::text, ${`\\1${redactedLinkMarker}`}::text, 'g')`,
    sql`${body}`,
  );
}
