// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { tooManyNewPetsMessage } from '@vet/contracts/pet-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { SubmitProblem } from './submit-problem';

afterEach(cleanup);

const refused = (status: number, message: string) =>
  new ApiError('/bff/v2/pets', status, { statusCode: status, error: 'Refused', message });

describe('SubmitProblem', () => {
  it('says the cap on new pets of the day in the API’s words (429: decision 0057)', () => {
    render(
      <SubmitProblem
        error={refused(429, tooManyNewPetsMessage)}
        lookupsFailed={false}
        onRetryLookups={vi.fn()}
      />,
    );
    expect(screen.getByText(tooManyNewPetsMessage)).toBeTruthy();
  });

  it('keeps R8.5’s words for a failure the API did not explain', () => {
    render(
      <SubmitProblem
        error={refused(500, 'Internal Server Error')}
        lookupsFailed={false}
        onRetryLookups={vi.fn()}
      />,
    );
    expect(screen.getByText(submissionFailedMessage)).toBeTruthy();
  });
});
