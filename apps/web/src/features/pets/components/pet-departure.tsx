'use client';

import type { EditablePet, PetChangedConflict, PetDeparture } from '@vet/contracts/pet-changes';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useToast } from '@/shared/toast/use-toast';
import { Button } from '@/shared/ui/button';
import { useRecordPetDeparture } from '@/features/pets/api/edit-pet';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import styles from './pet-departure.module.css';

export interface PetDepartureProps {
  pet: EditablePet;
  /** The API gave the pet as it now is (the step refused because it changed elsewhere first). */
  onChanged: (current: EditablePet) => void;
}

/**
 * What each step says, in plain, kind words: what will happen (its booked appointments cancelled, when it
 * has any: decision 0099), and that the history stays.
 */
function wordsFor(status: PetDeparture, name: string, booked: number) {
  const stays = `${name}’s records and history stay with your practice.`;
  const what =
    booked === 0
      ? `We will let your practice know, stop any reminders for ${name} and no longer offer appointments for them.`
      : `We will let your practice know, cancel ${name}’s ${booked === 1 ? 'booked appointment' : `${booked} booked appointments`}, stop any reminders for ${name} and no longer offer appointments for them.`;
  return status === 'Deceased'
    ? {
        button: `${name} has died`,
        title: `Tell your practice that ${name} has died?`,
        descriptions: ['We are very sorry for your loss.', `${what} ${stays}`],
        confirm: `Yes, ${name} has died`,
        done: `Thank you for letting us know. We are so sorry about ${name}.`,
      }
    : {
        button: `${name} has a new home`,
        title: `Tell your practice that ${name} has a new home?`,
        descriptions: [`${what} ${stays}`, 'Their new owner can register them with their own vet.'],
        confirm: `Yes, ${name} has a new home`,
        done: `Thank you. We have let your practice know that ${name} has a new home.`,
      };
}

/**
 * R2.40 (decision 0083): "my pet has died" and "my pet has a new home", each a step the person confirms in a
 * dialog. Recorded, the pet stays on the client's pets (marked), with its history, and can no longer be
 * booked for (decision 0066); the practice is told (decision 0083).
 */
export function PetDepartureSection({ pet, onChanged }: PetDepartureProps) {
  const { router, navigating } = usePortalRouter();
  const { showToast } = useToast();
  const record = useRecordPetDeparture(pet.petId);
  const [asking, setAsking] = useState<PetDeparture | null>(null);
  const [problem, setProblem] = useState<string>();

  const confirm = async (status: PetDeparture) => {
    setProblem(undefined);
    try {
      await record.mutateAsync({ version: pet.version, status });
      showToast(wordsFor(status, pet.name, pet.bookedAppointments).done, 'success');
      router.push(`/pets/${pet.petId}`);
    } catch (error) {
      setAsking(null);
      const current =
        error instanceof ApiError && error.status === 409
          ? (error.body as Partial<PetChangedConflict> | null)?.current
          : undefined;
      if (current) {
        onChanged(current);
        setProblem(
          `${pet.name}’s details changed somewhere else since you opened this page, so we have not recorded this. Please check the details above and try again.`,
        );
      } else {
        setProblem(submissionFailedMessage);
      }
    }
  };

  const died = wordsFor('Deceased', pet.name, pet.bookedAppointments);
  const rehomed = wordsFor('Rehomed', pet.name, pet.bookedAppointments);
  const asked = asking === null ? undefined : wordsFor(asking, pet.name, pet.bookedAppointments);
  return (
    <section aria-labelledby="pet-departure-heading" className={styles.section}>
      <h2 id="pet-departure-heading">If {pet.name} is no longer with you</h2>
      <p className={styles.text}>
        If {pet.name} has died or has gone to a new home, you can let your practice know here.
      </p>
      {problem && <AppAlert severity="error">{problem}</AppAlert>}
      <div className={styles.actions}>
        <Button variant="outlined" onClick={() => setAsking('Deceased')}>
          {died.button}
        </Button>
        <Button variant="outlined" onClick={() => setAsking('Rehomed')}>
          {rehomed.button}
        </Button>
      </div>
      <ConfirmDialog
        open={asked !== undefined}
        title={asked?.title ?? ''}
        descriptions={asked?.descriptions ?? []}
        primaryLabel={asked?.confirm ?? ''}
        secondaryLabel="Cancel"
        busy={record.isPending || navigating}
        onPrimary={() => {
          if (asking) void confirm(asking);
        }}
        onSecondary={() => setAsking(null)}
      />
    </section>
  );
}
