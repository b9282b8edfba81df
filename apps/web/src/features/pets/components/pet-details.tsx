import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Pet } from '@vet/contracts/pets';
import { Fragment, useId } from 'react';
import { formatCalendarDate, petAge } from '@/features/pets/pet-dates';

const notRecorded = 'Not recorded';

/** The microchip number in the groups a certificate prints it in: 941 000 024 680 135. */
function groupedMicrochip(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4 $5');
}

function dateOfBirthText(pet: Pet, today: string): string {
  if (!pet.dateOfBirth) return notRecorded;
  const date = formatCalendarDate(pet.dateOfBirth);
  return pet.status === 'Active' ? `${date} (${petAge(pet.dateOfBirth, today)} old)` : date;
}

/** What the practice holds about the pet (R3.5), as a list of terms and values. */
export function PetDetails({ pet, today }: { pet: Pet; today: string }) {
  const headingId = useId();
  const rows: [string, string][] = [
    ['Species', pet.speciesName],
    ['Breed', pet.breedName ?? notRecorded],
    ['Colour', pet.colourName ?? notRecorded],
    ['Sex', pet.sex],
    ['Neutered', pet.neutered ? 'Yes' : 'No'],
    ['Date of birth', dateOfBirthText(pet, today)],
    ['Microchip number', pet.microchipNumber ? groupedMicrochip(pet.microchipNumber) : notRecorded],
    ['Insurer', pet.insurerName ?? 'None recorded'],
    ['Policy number', pet.policyNumber ?? notRecorded],
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        Details
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.5 },
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt">{term}</Typography>
            <Typography component="dd">{value}</Typography>
          </Fragment>
        ))}
      </Box>
    </Paper>
  );
}
