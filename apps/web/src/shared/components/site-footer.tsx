import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { appVersion } from '../app-version';

/**
 * The placeholder footer that app/layout.tsx still renders. Superseded by shared/layout/site-footer.tsx
 * (inside shared/layout/portal-shell.tsx): delete this file once the layout renders PortalShell.
 */
export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {brandName} · v{appVersion}
        </Typography>
      </Container>
    </Box>
  );
}
