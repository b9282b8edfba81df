/**
 * The brand palette (R9.19). Text-bearing pairs are chosen for WCAG 2.2 AA: white on red is 5.9:1,
 * white on blue 8.9:1, white on the hover and pressed shades higher still. Orange and yellow are
 * decoration colours: never put white text on them.
 */
export const brandColours = {
  red: '#C8102E',
  redHover: '#A00D25',
  redPressed: '#7F0A1D',
  blue: '#004B87',
  blueHover: '#003462',
  bluePressed: '#00284A',
  darkBlue: '#0A2240',
  green: '#00703C',
  orange: '#E87722',
  purple: '#6D2077',
  deepPurple: '#3F1A5B',
  pink: '#D6246E',
  yellow: '#FFC72C',
  white: '#FFFFFF',
  grey: {
    50: '#F8F8F8',
    100: '#F2F2F2',
    200: '#E6E6E6',
    300: '#D1D1D1',
    400: '#B3B3B3',
    500: '#8C8C8C',
    600: '#6B6B6B',
    700: '#4D4D4D',
    800: '#333333',
    900: '#1A1A1A',
  },
} as const;

export type BrandColours = typeof brandColours;
