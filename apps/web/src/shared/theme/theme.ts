import { createTheme } from '@mui/material/styles';
import { PortalLink } from '@/shared/navigation/portal-link';
import { brandColours, type BrandColours } from './brand-colours';

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandColours;
  }
  interface PaletteOptions {
    brand?: BrandColours;
  }
}

/**
 * R9.15 fixes the ripple at 550 ms with an 80 ms touch delay: these are Material UI's own TouchRipple
 * constants, which the theme cannot change, so they hold as long as ripples stay enabled.
 */
export const rippleDurationMs = 550;
export const rippleTouchDelayMs = 80;

/** A 2px outline with a 2px gap: 3:1 or better against white and #F8F8F8 (WCAG 2.2 focus appearance). */
const focusRing = {
  outline: `2px solid ${brandColours.darkBlue}`,
  outlineOffset: '2px',
} as const;

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
  palette: {
    mode: 'light',
    // Pick white or black text by the AA ratio rather than Material UI's default of 3:1.
    contrastThreshold: 4.5,
    primary: { main: brandColours.red, dark: brandColours.redHover, contrastText: brandColours.white },
    secondary: { main: brandColours.blue, dark: brandColours.blueHover, contrastText: brandColours.white },
    error: { main: brandColours.red, dark: brandColours.redHover },
    success: { main: brandColours.green },
    info: { main: brandColours.blue },
    warning: { main: brandColours.orange },
    grey: brandColours.grey,
    text: { primary: brandColours.grey[900], secondary: brandColours.grey[700] },
    background: { default: brandColours.white, paper: brandColours.white },
    brand: brandColours,
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  focusVisible: { outlineColor: brandColours.darkBlue, outlineWidth: '2px', outlineOffset: '2px' },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Elements outside ButtonBase (plain links, skip link, focusable containers) get the same ring.
        'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible': focusRing,
      },
    },
    MuiButtonBase: {
      // Links rendered by buttons navigate on the client.
      defaultProps: { LinkComponent: PortalLink },
    },
    MuiLink: {
      defaultProps: { component: PortalLink, underline: 'always' },
    },
    MuiButton: {
      variants: [
        {
          props: { variant: 'contained', color: 'primary' },
          style: { '&:active': { backgroundColor: brandColours.redPressed } },
        },
        {
          props: { variant: 'contained', color: 'secondary' },
          style: { '&:active': { backgroundColor: brandColours.bluePressed } },
        },
      ],
    },
  },
});
