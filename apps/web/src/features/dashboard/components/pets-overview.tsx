import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Pet } from '@vet/contracts/pets';
import { groupByLife } from '@vet/contracts/pet-rules';
import { useId } from 'react';
import { GridWrapper } from '@/shared/components/grid-wrapper';
import { LoadError } from '@/shared/components/load-error';
import { StatusChip } from '@/shared/components/status-chip';

export interface PetsOverviewProps {
  /** The client's pets, by name. */
  pets: readonly Pet[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

function PetCard({ pet }: { pet: Pet }) {
  const headingId = useId();
  const kind = [pet.speciesName, pet.breedName].filter(Boolean).join(' · ');
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minHeight: 118 }}>
      <Typography variant="h3" id={headingId}>
        <Link href={`/pets/${pet.petId}`}>{pet.name}</Link>
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{kind}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {pet.awaitingInitialConsultation && (
          <StatusChip label="Awaiting initial consultation" variant="outlined" />
        )}
        {pet.status === 'Deceased' && <StatusChip label="Deceased" variant="outlined" />}
      </Box>
    </Paper>
  );
}

/** Living pets first, each group by name as given; a deceased pet stays, marked, at the end. */
function dashboardOrder(pets: readonly Pet[]): Pet[] {
  const { living, deceased } = groupByLife(pets);
  return [...living, ...deceased];
}

/** The client's pets as cards linking to each pet's page; three placeholders while they load. */
export function PetsOverview({ pets, loading, error, onRetry }: PetsOverviewProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 3, mb: 2 }}>
        <Typography variant="h2" id={headingId}>
          Your pets
        </Typography>
        <Link href="/pets">See all your pets</Link>
      </Box>
      {error ? (
        <LoadError message="We could not load your pets." onRetry={onRetry} />
      ) : !loading && pets?.length === 0 ? (
        <Typography>You have not registered any pets with us yet.</Typography>
      ) : (
        <GridWrapper loading={loading} loadingLabel="Loading your pets" minColumnWidth={240}>
          {dashboardOrder(pets ?? []).map((pet) => (
            <PetCard key={pet.petId} pet={pet} />
          ))}
        </GridWrapper>
      )}
    </Box>
  );
}
