import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Pet } from '@vet/contracts/pets';
import { useId } from 'react';
import { gridSkeletonHeight } from '@/shared/components/grid-wrapper';
import { petAge } from '@/features/pets/pet-dates';
import { StatusChip } from '@/shared/components/status-chip';
import { PortalLink } from '@/shared/navigation/portal-link';

export interface PetCardProps {
  pet: Pet;
  /** YYYY-MM-DD on the practices' calendar, for the age. */
  today: string;
  headingLevel: 'h2' | 'h3';
}

/** One pet in the list: its name links to its page; what it is, how old, and whether it awaits a first visit. */
export function PetCard({ pet, today, headingLevel }: PetCardProps) {
  const headingId = useId();
  const kind = [pet.speciesName, pet.breedName].filter(Boolean).join(' · ');
  const living = pet.status === 'Active';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, minHeight: gridSkeletonHeight, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography variant="h3" component={headingLevel} id={headingId}>
        <Link component={PortalLink} href={`/pets/${pet.petId}`}>
          {pet.name}
        </Link>
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{kind}</Typography>
      {living && pet.dateOfBirth && <Typography>{petAge(pet.dateOfBirth, today)} old</Typography>}
      {pet.awaitingInitialConsultation && living && (
        <Box sx={{ mt: 0.5 }}>
          <StatusChip label="Awaiting initial consultation" variant="outlined" />
        </Box>
      )}
    </Paper>
  );
}
