import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import { checkPassword } from '@vet/contracts/password-policy';
import { visuallyHidden } from '@/shared/theme/visually-hidden';

/**
 * R5.5: each rule of the password policy, met or not. Meaning is carried by the icon's shape and by
 * text for screen readers, not by colour alone; changes are announced politely.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { rules } = checkPassword(password);
  return (
    <Box
      component="ul"
      id={id}
      aria-live="polite"
      aria-label="Password requirements"
      sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 0.5 }}
    >
      {rules.map((rule) => (
        <Box
          component="li"
          key={rule.id}
          data-met={rule.met}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            fontSize: '0.875rem',
            color: rule.met ? 'success.main' : 'text.secondary',
          }}
        >
          {rule.met ? <CheckCircle aria-hidden fontSize="small" /> : <Cancel aria-hidden fontSize="small" />}
          <span>
            {rule.label}
            <Box component="span" sx={visuallyHidden}>
              {rule.met ? ': met' : ': not met'}
            </Box>
          </span>
        </Box>
      ))}
    </Box>
  );
}
