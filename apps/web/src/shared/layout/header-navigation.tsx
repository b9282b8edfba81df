import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { topNavigation } from './layout-constants';
import { navCurrent } from './nav-current';

/** R2.5: the top navigation (desktop). The current item is bold and underlined, not only coloured. */
export function HeaderNavigation({ pathname }: { pathname: string }) {
  return (
    <Box component="nav" aria-label="Main">
      <Box component="ul" sx={{ display: 'flex', gap: 3, listStyle: 'none', m: 0, p: 0 }}>
        {topNavigation.map((item) => {
          const current = navCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current}
                underline="none"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  px: 0.5,
                  color: 'text.primary',
                  fontWeight: current ? 700 : 500,
                  borderBottom: 3,
                  borderColor: current ? 'primary.main' : 'transparent',
                  '&:hover': { borderColor: current ? 'primary.main' : 'grey.400' },
                }}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
