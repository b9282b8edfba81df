import { appVersion } from '@/config/app-version';
import type { SiteLinks } from '@/config/site-links';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './site-footer.module.css';
import { SocialLinks } from './social-links';

export interface SiteFooterProps {
  brandName: string;
  links: SiteLinks;
  /** The copyright year; the current year unless given (tests, or a server-rendered value). */
  year?: number;
}

/** The public complaints page (decision 0143). */
export const complaintsPath = '/complaints';

function footerLinks(links: SiteLinks) {
  return [
    { label: 'Careers', href: links.careers },
    { label: 'Contact us', href: links.contact },
    // The portal's own page (decision 0143): every page links how to complain, as the CMA's remedies ask.
    { label: 'Complaints', href: complaintsPath },
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
    <footer className={styles.root}>
      <Container maxWidth="xl" className={styles.content}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {footerLinks(links).map((link) => (
              <li key={link.label}>
                <a href={link.href} className={styles.link}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks brandName={brandName} links={links.social} />
        <p className={typography.body2}>
          © {year} {brandName} · v{appVersion}
        </p>
      </Container>
    </footer>
  );
}
