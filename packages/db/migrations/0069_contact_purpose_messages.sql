-- Issue 66 (decision 0168): the contact purpose `messages`, being told that the practice answered. It runs
-- alone (migration-kinds.ts): PostgreSQL lets no statement use a new enum value before its commit, and 0070
-- writes rows of it.
ALTER TYPE "public"."contact_purpose" ADD VALUE 'messages' AFTER 'marketing';
