// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteLinks } from '@/config/site-links';
import { theme } from '@/shared/theme/theme';
import { SiteHeader, type SiteHeaderProps } from './site-header';

afterEach(cleanup);

function renderHeader(overrides: Partial<SiteHeaderProps> = {}) {
  const props: SiteHeaderProps = {
    brandName: 'Harbour Vets',
    signedIn: true,
    user: { firstName: 'Amelia', lastName: 'Hughes' },
    pathname: '/pets',
    links: defaultSiteLinks,
    onSignIn: vi.fn(),
    onLogout: vi.fn(),
    onOpenDrawer: vi.fn(),
    ...overrides,
  };
  render(
    <ThemeProvider theme={theme}>
      <SiteHeader {...props} />
    </ThemeProvider>,
  );
  return props;
}

describe('SiteHeader signed in', () => {
  it('links the logo to the dashboard', () => {
    renderHeader();
    const logo = screen.getByRole('link', { name: 'Harbour Vets, Dashboard' });
    expect(logo.getAttribute('href')).toBe('/');
  });

  it('shows the three top navigation items and marks the current page', () => {
    renderHeader({ pathname: '/pets' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Your pets', '/pets'],
      ['Your appointments', '/appointments'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Your pets' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it("opens a user menu named after the client with 'Your details' and 'Log out'", async () => {
    const props = renderHeader();
    const button = screen.getByRole('button', { name: 'Amelia Hughes' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);

    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The menu's code loads on first opening.
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Your details', 'Log out']);
    expect(items[0]?.getAttribute('href')).toBe('/client-detail');

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(props.onLogout).toHaveBeenCalledOnce();
  });

  it('has a hamburger that opens the drawer it controls', () => {
    const props = renderHeader({ drawerOpen: false });
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(hamburger.getAttribute('aria-controls')).toBe('site-drawer');

    fireEvent.click(hamburger);
    expect(props.onOpenDrawer).toHaveBeenCalledOnce();
  });

  it("links to the provider's 24-hour emergency vets page in a new tab", () => {
    renderHeader();
    const links = screen.getAllByRole('link', { name: /24-hour emergency vets/ });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('https://www.harbourvets.example/emergency-vets');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toContain('(opens in a new tab)');
    }
  });
});

describe('SiteHeader signed out', () => {
  it('makes the logo a sign-in button and shows no navigation, user menu or hamburger', () => {
    const props = renderHeader({ signedIn: false, user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Harbour Vets, sign in' }));
    expect(props.onSignIn).toHaveBeenCalledOnce();

    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Dashboard/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /24-hour emergency vets/ }).length).toBeGreaterThan(0);
  });
});

describe('SiteHeader heights', () => {
  it('is 64 high on small screens and 130 from the lg breakpoint', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    const row = banner.firstElementChild as HTMLElement;
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent)
      .join('\n');
    const rowClass = Array.from(row.classList).find((name) => name.startsWith('css-'));
    expect(rowClass).toMatch(/^css-[\w-]+$/);
    const rules = css.split('}').filter((rule) => rule.includes(`.${rowClass}`));
    expect(rules.some((rule) => rule.includes('height:64px'))).toBe(true);
    expect(css).toMatch(new RegExp(`@media \\(min-width:1200px\\)\\{\\.${rowClass}\\{[^}]*height:130px`));
  });
});
