import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { appVersion } from '@/config/app-version';
import type { SiteLinks } from '@/config/site-links';
import { SocialLinks } from './social-links';

export interface SiteFooterProps {
  brandName: string;
  links: SiteLinks;
  /** The copyright year; the current year unless given (tests, or a server-rendered value). */
  year?: number;
}

function footerLinks(links: SiteLinks) {
  return [
    { label: 'Careers', href: links.careers },
    { label: 'Contact us', href: links.contact },
    { label: 'Partnerships', href: links.partnerships },
    { label: 'Privacy policy', href: links.privacy },
    { label: 'Cookie policy', href: links.cookies },
    { label: 'Terms and conditions', href: links.terms },
    { label: 'Sitemap', href: links.sitemap },
  ];
}

/**
 * R2.14: links to the provider's site and social networks, a copyright line with the current year,
 * and the version label (R1.4) as a suffix. White on dark blue (15:1), with a white focus ring.
 */
export function SiteFooter({ brandName, links, year = new Date().getFullYear() }: SiteFooterProps) {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        bgcolor: 'brand.darkBlue',
        color: 'common.white',
        '& a:focus-visible': { outline: '2px solid #FFFFFF', outlineOffset: '2px' },
      }}
    >
      <Container maxWidth="xl" sx={{ py: 4, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box component="nav" aria-label="Footer">
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            {footerLinks(links).map((link) => (
              <li key={link.label}>
                <Link
                  component="a"
                  href={link.href}
                  color="inherit"
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <SocialLinks brandName={brandName} links={links.social} />
        <Typography variant="body2">
          © {year} {brandName} · v{appVersion}
        </Typography>
      </Container>
    </Box>
  );
}
