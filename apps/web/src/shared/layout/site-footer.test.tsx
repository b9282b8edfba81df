// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSiteLinks } from '@/config/site-links';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

const links = buildSiteLinks('https://www.provider.example/', {
  facebook: 'https://www.facebook.com/provider',
});

function renderFooter(year?: number) {
  render(<SiteFooter brandName="Harbour Vets" links={links} year={year} />);
}

describe('SiteFooter', () => {
  it("links to the provider's pages", () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Careers', 'https://www.provider.example/careers'],
      ['Contact us', 'https://www.provider.example/contact-us'],
      ['Complaints', '/complaints'],
      ['Partnerships', 'https://www.provider.example/partnerships'],
      ['Privacy policy', 'https://www.provider.example/privacy-policy'],
      ['Cookie policy', 'https://www.provider.example/cookie-policy'],
      ['Terms and conditions', 'https://www.provider.example/terms-and-conditions'],
      ['Sitemap', 'https://www.provider.example/sitemap'],
    ]);
  });

  it('names each social network link', () => {
    renderFooter();
    const list = screen.getByRole('list', { name: 'Social networks' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([
      'Harbour Vets on Facebook',
      'Harbour Vets on Instagram',
      'Harbour Vets on X',
      'Harbour Vets on LinkedIn',
      'Harbour Vets on YouTube',
    ]);
    expect(screen.getByRole('link', { name: 'Harbour Vets on Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/provider',
    );
  });

  it('shows the copyright line with the current year and the version suffix', () => {
    renderFooter();
    const year = new Date().getFullYear();
    expect(screen.getByText(/^©/).textContent).toBe(`© ${year} Harbour Vets · v3.5.3`);
  });

  it('takes the year when given', () => {
    renderFooter(2031);
    expect(screen.getByText(/^©/).textContent).toBe('© 2031 Harbour Vets · v3.5.3');
  });
});
