import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';
import styles from './submit-problem.module.css';

const fieldLabels: Record<string, string> = {
  name: 'Name',
  speciesId: 'Species',
  breedId: 'Breed',
  colourId: 'Colour',
  sex: 'Sex',
  neutered: 'Neutered',
  dateOfBirth: 'Date of birth',
  microchipNumber: 'Microchip number',
  insurerId: 'Insurer',
  policyNumber: 'Policy number',
};

export interface SubmitProblemProps {
  /** Why the last submit failed (other than "not allowed", which has its dialog); undefined when it did not. */
  error: unknown;
  /** A list the form chooses from could not be loaded. */
  lookupsFailed: boolean;
  onRetryLookups: () => void;
}

/**
 * What went wrong, above the form: the lists it chooses from, the API's checks of the choices (a 400,
 * each issue with its field's label), too many new pets today (429), or the submission itself (R8.5).
 */
export function SubmitProblem({ error, lookupsFailed, onRetryLookups }: SubmitProblemProps) {
  const problem = error === undefined ? undefined : apiProblem(error);
  const issues = problem?.status === 400 ? problem.issues : [];
  return (
    <>
      {lookupsFailed && (
        <AppAlert severity="error">
          We could not load some of the lists on this form.
          <div>
            <TextButton color="inherit" onClick={onRetryLookups}>
              Try again
            </TextButton>
          </div>
        </AppAlert>
      )}
      {problem && issues.length === 0 && (
        <AppAlert severity="error">
          {/* A 429 (the new pets of the day, or a rate limit) says in the API's words how long to wait. */}
          {problem.status === 429 ? (problem.message ?? submissionFailedMessage) : submissionFailedMessage}
        </AppAlert>
      )}
      {issues.length > 0 && (
        <AppAlert severity="error" title="Please check these details">
          <ul className={styles.issues}>
            {issues.map((issue) => (
              <li key={issue.path}>
                {fieldLabels[issue.path.replace(/^details\./, '')] ?? issue.path}: {issue.message}
              </li>
            ))}
          </ul>
        </AppAlert>
      )}
    </>
  );
}
