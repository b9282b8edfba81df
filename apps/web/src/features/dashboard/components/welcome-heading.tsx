import typography from '@/shared/ui/typography.module.css';

/** The dashboard's one h1: "Welcome, Olivia" once the profile has loaded, "Welcome" until then. */
export function WelcomeHeading({ firstName }: { firstName: string | null | undefined }) {
  return <h1 className={typography.gutterBottom}>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>;
}
