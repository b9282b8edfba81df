import { apiErrorSchema } from '@vet/contracts/errors';

/** What went wrong, in words: the generated client throws the API's error body itself, not an Error. */
export function failureOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const answer = apiErrorSchema.safeParse(error);
  if (!answer.success) return String(error);
  const issues = (answer.data.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`);
  return [answer.data.message, ...issues].join('; ');
}
