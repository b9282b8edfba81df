import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export interface StatusChipProps {
  label: string;
  /** Outlined (a pet's state) or filled (a practice's note). */
  variant?: 'outlined' | 'filled';
  size?: 'medium' | 'small';
  /** Its place among its neighbours (margins). */
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
}

/**
 * A short status in a pill ("Deceased", "Online registration unavailable"), drawn as Material UI's
 * Chip draws a label-only chip (R9.14: 32 px high, 24 when small; the same border, fill and type). It
 * is text, nothing to press, so it needs none of Chip's button, delete-icon and avatar code (decision
 * 0039).
 */
export function StatusChip({ label, variant = 'filled', size = 'medium', sx }: StatusChipProps) {
  const small = size === 'small';
  return (
    <Box
      component="span"
      className="StatusChip-root"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          maxWidth: '100%',
          height: small ? 24 : 32,
          borderRadius: small ? '12px' : '16px',
          px: small ? '8px' : '12px',
          fontSize: '0.8125rem',
          lineHeight: 1.5,
          color: 'text.primary',
          whiteSpace: 'nowrap',
          verticalAlign: 'middle',
          boxSizing: 'border-box',
        },
        variant === 'outlined'
          ? { border: 1, borderColor: 'grey.400', px: small ? '7px' : '11px' }
          : { bgcolor: 'action.selected' },
        sx ?? {},
      ]}
    >
      <Box
        component="span"
        className="StatusChip-label"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {label}
      </Box>
    </Box>
  );
}
