import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/**
 * The placeholder header that app/layout.tsx still renders. Superseded by shared/layout/site-header.tsx
 * (inside shared/layout/portal-shell.tsx): delete this file once the layout renders PortalShell.
 */
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
