-- An unmapped value's own id in its practice system, where its records carry one (ezyVet's breed_id, as
-- text; decision 0131). Nullable and without a default: a catalogue-only change, no rewrite, no scan.
ALTER TABLE "practice_list_values" ADD COLUMN "code" text;
