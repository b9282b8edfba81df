'use client';

import { useId, useState, type FormEvent } from 'react';
import { useBills } from '@/features/bills/api/get-bills';
import { BillsList } from '@/features/bills/components/bills-list';
import { useProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { TextField } from '@/shared/forms/text-field';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './bills-view.module.css';

/** The filter's address: /bills for every pet, /bills?pet={id} for one (back and reload keep it). */
export const billsHref = (petId: number | null) => (petId === null ? '/bills' : `/bills?pet=${petId}`);

/**
 * Bills and estimates (issue 63): the pet filter, a form whose choice goes in the URL (it works without
 * scripts, as a GET), the list a page at a time, and "Show more".
 */
export function BillsView({ petId }: { petId: number | null }) {
  const profile = useProfile();
  const bills = useBills(petId, profile.data?.activationStatus);
  const { router } = usePortalRouter();
  const [chosen, setChosen] = useState(petId === null ? '' : String(petId));
  const filterId = useId();
  const pets = bills.data?.pages[0]?.pets ?? [];
  const items = bills.data?.pages.flatMap((page) => page.items) ?? [];
  const petName = pets.find((pet) => pet.id === petId)?.name;

  const filter = (event: FormEvent) => {
    event.preventDefault();
    router.push(billsHref(chosen === '' ? null : Number(chosen)));
  };

  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={typography.gutterBottom}>Bills and estimates</h1>
      <p className={styles.intro}>
        What your practice has estimated for treatment, for you to agree, and what each visit cost, line by
        line.
      </p>
      {pets.length > 1 || petId !== null ? (
        <form method="get" action="/bills" onSubmit={filter} className={styles.filter}>
          <TextField
            id={filterId}
            select
            name="pet"
            label="Show bills for"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">All your pets</option>
            {pets.map((pet) => (
              <option key={pet.id} value={pet.id}>
                {pet.name}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="outlined">
            Show
          </Button>
        </form>
      ) : null}
      {bills.isError && !bills.data ? (
        <LoadError
          message="We could not load your bills and estimates."
          onRetry={() => void bills.refetch()}
        />
      ) : bills.data ? (
        <>
          <BillsList
            bills={items}
            empty={
              petName
                ? `There are no bills or estimates for ${petName}.`
                : 'You have no bills or estimates yet. When your practice sends you an estimate for treatment, or a bill for a visit, it will appear here.'
            }
          />
          {bills.isFetchNextPageError && (
            <LoadError message="We could not load more." onRetry={() => void bills.fetchNextPage()} />
          )}
          {bills.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="outlined"
                loading={bills.isFetchingNextPage}
                onClick={() => void bills.fetchNextPage()}
              >
                Show more
              </Button>
            </div>
          )}
        </>
      ) : (
        <LoadingSpinner label="Loading your bills and estimates" />
      )}
    </Container>
  );
}
