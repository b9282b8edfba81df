-- Issue 66 (decision 0168): everyone already signed up, or who saved their choices, is told of answers by
-- e-mail and not by text until they choose otherwise; the choices page shows these rows. A client who
-- chose already (a row exists) keeps their choice.
INSERT INTO "contact_preferences" ("client_id", "purpose", "channel", "opted_in")
SELECT c."id", 'messages', ch."channel"::"contact_channel", ch."channel" = 'email'
FROM "clients" c
CROSS JOIN (VALUES ('email'), ('sms'), ('phone'), ('post')) AS ch("channel")
WHERE c."identity_subject" IS NOT NULL
  OR EXISTS (SELECT FROM "contact_preferences" p WHERE p."client_id" = c."id")
ON CONFLICT DO NOTHING;
