import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { breadcrumbTrail } from './breadcrumb-trail';

export interface BreadcrumbsProps {
  pathname: string;
  /** Names for segments the label table does not know, e.g. `{ '42': 'Rex' }` on /pets/42. */
  names?: Readonly<Record<string, string>>;
}

/**
 * R2.15's breadcrumb labels as a trail; nothing on the dashboard itself, where it would be a lone crumb.
 * Drawn as Material UI's Breadcrumbs draws a short trail (a list, "/" between items, hidden from screen
 * readers), without its collapsing of long trails, which no trail here needs (decision 0039).
 */
export function Breadcrumbs({ pathname, names }: BreadcrumbsProps) {
  const trail = breadcrumbTrail(pathname, names);
  if (trail.length < 2) return null;
  return (
    <Typography component="nav" aria-label="Breadcrumb" sx={{ py: 2, color: 'text.secondary' }}>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', p: 0, m: 0, listStyle: 'none' }}
      >
        {trail.map((crumb, index) => (
          <Fragment key={crumb.href}>
            {index > 0 && (
              <Box component="li" aria-hidden sx={{ display: 'flex', userSelect: 'none', mx: 1 }}>
                /
              </Box>
            )}
            <li>
              {crumb.current ? (
                <Typography aria-current="page" sx={{ color: 'text.primary', fontWeight: 600 }}>
                  {crumb.label}
                </Typography>
              ) : (
                <Link
                  href={crumb.href}
                  color="inherit"
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </Box>
    </Typography>
  );
}
