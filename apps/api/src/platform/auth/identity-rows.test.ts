import { webSessions } from '@vet/db/schema/identity';
import { verificationCodes } from '@vet/db/schema/onboarding';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ownedBy } from './identity-rows.ts';

const dialect = new PgDialect();
const identity = { issuer: 'https://id.example', subject: 'person-1' };

describe('ownedBy', () => {
  it("keeps a statement to the identity's rows by issuer and subject together", () => {
    expect(dialect.sqlToQuery(ownedBy(webSessions, identity))).toMatchObject({
      sql: '("web_sessions"."identity_issuer" = $1 and "web_sessions"."identity_subject" = $2)',
      params: ['https://id.example', 'person-1'],
    });
  });

  it("names the table it is given: another table's rows are another's condition", () => {
    expect(dialect.sqlToQuery(ownedBy(verificationCodes, identity)).sql).toBe(
      '("verification_codes"."identity_issuer" = $1 and "verification_codes"."identity_subject" = $2)',
    );
  });
});
