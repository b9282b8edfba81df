import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import { PortalLink } from '@/shared/navigation/portal-link';

const logoSx = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  px: 1,
  borderRadius: 1,
  color: 'primary.main',
  fontSize: { xs: '1.25rem', lg: '1.75rem' },
  fontWeight: 800,
  textDecoration: 'none',
} as const;

/** R2.10: the logo goes to / when signed in; otherwise it starts sign-in (a button then). */
export function BrandLogo(props: { brandName: string; signedIn: boolean; onSignIn: () => void }) {
  if (props.signedIn) {
    return (
      <ButtonBase component={PortalLink} href="/" sx={logoSx}>
        {props.brandName}
        <Box component="span" sx={visuallyHidden}>
          , Dashboard
        </Box>
      </ButtonBase>
    );
  }
  return (
    <ButtonBase onClick={props.onSignIn} sx={logoSx}>
      {props.brandName}
      <Box component="span" sx={visuallyHidden}>
        , sign in
      </Box>
    </ButtonBase>
  );
}
