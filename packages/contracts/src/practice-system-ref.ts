import { z } from 'zod';

/** The longest reference a practice system may give a record; longer is refused, never cut. */
export const practiceSystemRefMaxLength = 100;

/**
 * A practice system's own reference of a record it owns (practice-systems.md, "Identity across the two
 * systems"): a string unique per kind of record within the group, compared exactly after trimming.
 */
export const practiceSystemRefSchema = z
  .string()
  .trim()
  .min(1, 'A reference cannot be empty.')
  .max(practiceSystemRefMaxLength, `A reference has at most ${practiceSystemRefMaxLength} characters.`);
