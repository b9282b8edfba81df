import Typography from '@mui/material/Typography';

/** The dashboard's one h1: "Welcome, Olivia" once the profile has loaded, "Welcome" until then. */
export function WelcomeHeading({ firstName }: { firstName: string | null | undefined }) {
  return (
    <Typography variant="h1" gutterBottom>
      {firstName ? `Welcome, ${firstName}` : 'Welcome'}
    </Typography>
  );
}
