'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { PracticeCard } from './practice-card';

/** R9.12: three placeholders of height 118 while loading. */
const skeletonCount = 3;
const skeletonHeight = 118;

const gridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
  gap: 2,
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

function PracticeListLoading() {
  return (
    <>
      <Typography role="status" sx={visuallyHidden}>
        Loading practices
      </Typography>
      <Box sx={gridSx} aria-hidden>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={skeletonHeight} />
        ))}
      </Box>
    </>
  );
}

/** The list from the page's first data when the server had it (decision 0031), else from the browser. */
export function PracticeList() {
  const { data, isPending, isError, isFetching, refetch } = useOnlinePractices();

  if (isPending || (isError && isFetching)) return <PracticeListLoading />;

  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        We could not load the list of practices. Please try again.
      </Alert>
    );
  }

  if (data.length === 0) {
    return (
      <Typography>No practices offer online services at the moment. Please call your practice.</Typography>
    );
  }

  return (
    <Box component="ul" sx={gridSx} aria-label="Practices">
      {data.map((practice) => (
        <li key={practice.id}>
          <PracticeCard practice={practice} />
        </li>
      ))}
    </Box>
  );
}
