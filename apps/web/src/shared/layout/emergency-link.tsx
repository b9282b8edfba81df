import LocalHospital from '@mui/icons-material/LocalHospital';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@/shared/theme/visually-hidden';

export const emergencyLinkText = '24-hour emergency vets';

/**
 * R2.13: the header links to the provider's 24-hour emergency vet page. It opens in a new tab so a
 * half-finished form here is not lost, and says so.
 */
export function EmergencyLink({ href, compact = false }: { href: string; compact?: boolean }) {
  return (
    <Link
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      underline="hover"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 44,
        minWidth: 44,
        justifyContent: 'center',
        px: compact ? 1 : 0.5,
        fontWeight: 600,
        color: 'primary.main',
      }}
    >
      <LocalHospital aria-hidden fontSize="small" />
      <Box component="span" sx={compact ? visuallyHidden : undefined}>
        {emergencyLinkText}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        (opens in a new tab)
      </Box>
    </Link>
  );
}
