'use client';

import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import { PracticeCard } from './practice-card';
import styles from './practice-list.module.css';

/** R9.12: three placeholders of height 118 while loading. */
const skeletonCount = 3;
const skeletonHeight = 118;

function PracticeListLoading() {
  return (
    <>
      <p role="status" className="visually-hidden">
        Loading practices
      </p>
      <div className={styles.grid} aria-hidden>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={skeletonHeight} />
        ))}
      </div>
    </>
  );
}

/** The list from the page's first data when the server had it (decision 0031), else from the browser. */
export function PracticeList() {
  const { data, isPending, isError, isFetching, refetch } = useOnlinePractices();

  if (isPending || (isError && isFetching)) return <PracticeListLoading />;

  if (isError) {
    return (
      <AppAlert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        We could not load the list of practices. Please try again.
      </AppAlert>
    );
  }

  if (data.length === 0) {
    return <p>No practices offer online services at the moment. Please call your practice.</p>;
  }

  return (
    <ul className={styles.grid} aria-label="Practices">
      {data.map((practice) => (
        <li key={practice.id}>
          <PracticeCard practice={practice} />
        </li>
      ))}
    </ul>
  );
}
