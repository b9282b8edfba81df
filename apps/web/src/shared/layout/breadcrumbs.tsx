import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { breadcrumbTrail } from './breadcrumb-trail';

export interface BreadcrumbsProps {
  pathname: string;
  /** Names for segments the label table does not know, e.g. `{ '42': 'Rex' }` on /pets/42. */
  names?: Readonly<Record<string, string>>;
}

/** R2.15's breadcrumb labels as a trail; nothing on the dashboard itself, where it would be a lone crumb. */
export function Breadcrumbs({ pathname, names }: BreadcrumbsProps) {
  const trail = breadcrumbTrail(pathname, names);
  if (trail.length < 2) return null;
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb" sx={{ py: 2 }}>
      {trail.map((crumb) =>
        crumb.current ? (
          <Typography key={crumb.href} aria-current="page" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={crumb.href}
            href={crumb.href}
            color="inherit"
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
          >
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
