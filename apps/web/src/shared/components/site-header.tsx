import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A placeholder header: the navigation, drawer and user menu arrive with the shell (a later issue). */
export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <Box component="header" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
      <Container maxWidth="lg" sx={{ py: 2 }}>
        <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {brandName}
        </Typography>
      </Container>
    </Box>
  );
}
