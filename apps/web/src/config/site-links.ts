/**
 * Links to the provider's public website (R2.13 and R2.14: the header's 24-hour emergency vets link and the
 * footer's links). The shell takes them as a prop so one build runs against any provider site:
 * config/server.ts builds them from PROVIDER_SITE_URL and the SOCIAL_*_URL values, whose defaults are
 * these. `defaultSiteLinks` is for tests.
 */
export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'linkedin' | 'youtube';

export interface SiteLinks {
  /** The provider's home page. */
  home: string;
  emergencyVets: string;
  careers: string;
  contact: string;
  partnerships: string;
  privacy: string;
  cookies: string;
  terms: string;
  sitemap: string;
  social: Record<SocialNetwork, string>;
}

/** A reserved `.example` domain: nothing real answers until the lead configures the provider site. */
export const defaultProviderSiteUrl = 'https://www.harbourvets.example';

/** The networks' home pages: the provider's own pages come from configuration. */
export const defaultSocialLinks: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  x: 'https://x.com/',
  linkedin: 'https://www.linkedin.com/',
  youtube: 'https://www.youtube.com/',
};

/** Builds every link from the provider site's address; `social` overrides the networks' pages. */
export function buildSiteLinks(
  providerSiteUrl: string = defaultProviderSiteUrl,
  social: Partial<Record<SocialNetwork, string>> = {},
): SiteLinks {
  const base = providerSiteUrl.replace(/\/+$/, '');
  return {
    home: `${base}/`,
    emergencyVets: `${base}/emergency-vets`,
    careers: `${base}/careers`,
    contact: `${base}/contact-us`,
    partnerships: `${base}/partnerships`,
    privacy: `${base}/privacy-policy`,
    cookies: `${base}/cookie-policy`,
    terms: `${base}/terms-and-conditions`,
    sitemap: `${base}/sitemap`,
    social: { ...defaultSocialLinks, ...social },
  };
}

export const defaultSiteLinks: SiteLinks = buildSiteLinks();
