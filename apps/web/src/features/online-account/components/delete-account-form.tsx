'use client';

import { onlineAccountDeletionWord } from '@vet/contracts/online-account-rules';
import { useRef, useState, type FormEvent } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { TextField } from '@/shared/forms/text-field';
import { apiProblem } from '@/shared/api/api-problem';
import { failureMessage } from '@/shared/api/failure-message';
import { Button } from '@/shared/ui/button';
import { TextLink } from '@/shared/ui/text-link';
import {
  useDeleteOnlineAccount,
  type AccountDeletion,
} from '@/features/online-account/api/delete-online-account';
import styles from './delete-account-form.module.css';

export interface DeleteAccountFormProps {
  /** After the deletion: the session is over, the caller leaves the signed-in pages. */
  onDeleted: (deletion: AccountDeletion) => Promise<void>;
  /** A failure that sends the person elsewhere (to sign in again first): true when it did. */
  onFailure?: (error: unknown) => boolean;
}

const wordMessage = `Type ${onlineAccountDeletionWord}, in capital letters, to confirm.`;

/**
 * The confirmation: the person types the word shown, and only then does the press delete anything. The
 * API checks the word too (decision 0080).
 */
export function DeleteAccountForm({ onDeleted, onFailure }: DeleteAccountFormProps) {
  const [word, setWord] = useState('');
  const [wordError, setWordError] = useState(false);
  const field = useRef<HTMLInputElement | HTMLSelectElement>(null);
  const [leaving, setLeaving] = useState(false);
  const deletion = useDeleteOnlineAccount(onDeleted);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim() !== onlineAccountDeletionWord) {
      setWordError(true);
      field.current?.focus();
      return;
    }
    deletion.mutate(
      { confirmation: onlineAccountDeletionWord },
      { onError: (error) => setLeaving(onFailure?.(error) === true) },
    );
  };

  // The API checks the word too: its refusal lands under the field, anything else above the form.
  const wordIssue = deletion.isError
    ? apiProblem(deletion.error).issues.find((issue) => issue.path === 'confirmation')
    : undefined;
  const fieldError = wordError ? wordMessage : (wordIssue?.message ?? null);

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      {deletion.isError && !leaving && !wordIssue && (
        <AppAlert severity="error" className={styles.alert}>
          {failureMessage(deletion.error)}
        </AppAlert>
      )}
      <TextField
        inputRef={field}
        name="confirmation"
        label={`Type ${onlineAccountDeletionWord} to confirm`}
        value={word}
        onChange={(event) => {
          setWord(event.target.value);
          setWordError(false);
          if (deletion.isError) deletion.reset();
        }}
        error={fieldError !== null}
        helperText={fieldError ?? 'This cannot be undone.'}
        autoComplete="off"
        required
        fullWidth
        inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
      />
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="contained"
          loading={deletion.isPending || deletion.isSuccess || leaving}
        >
          Delete my online account
        </Button>
        <TextLink href="/client-detail">Keep my account</TextLink>
      </div>
    </form>
  );
}
