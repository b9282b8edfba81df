-- Decision 0096: lists_version is moved by the lists' writers (a load of the reference lists, a group's
-- entries), which take the lists' advisory lock and so wait for no one else. Moved by triggers, every
-- transaction writing any list row held the version row until it committed: unrelated writers queued
-- behind each other.
DO $$
DECLARE
  list text;
BEGIN
  FOREACH list IN ARRAY ARRAY['salutations', 'species', 'breeds', 'colours', 'insurers', 'cancellation_reasons',
    'salutation_keys', 'species_keys', 'breed_keys', 'colour_keys', 'insurer_keys', 'cancellation_reason_keys']
  LOOP
    EXECUTE format('DROP TRIGGER %I ON public.%I', list || '_bump_lists_version', list);
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION "public"."bump_lists_version"();
