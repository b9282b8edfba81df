'use client';

import Typography from '@mui/material/Typography';
import { useProfile } from '../api/get-profile';

/** The dashboard's heading: "Welcome, <first> <last>" once the profile has loaded, "Welcome" until then. */
export function WelcomeHeading() {
  const { data: profile } = useProfile();
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return (
    <Typography variant="h1" gutterBottom>
      {name ? `Welcome, ${name}` : 'Welcome'}
    </Typography>
  );
}
