// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultSiteLinks } from '@/config/site-links';
import { prepareShellWindow } from '@/testing/shell-window';
import { PortalShell, type PortalShellProps } from './portal-shell';
import { SiteFooter } from './site-footer';

const navigation = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('next/navigation', () => ({ usePathname: () => navigation.pathname }));

prepareShellWindow();

function renderShell(pathname: string, overrides: Partial<PortalShellProps> = {}) {
  navigation.pathname = pathname;
  const props: PortalShellProps = {
    brandName: 'Harbour Vets',
    links: defaultSiteLinks,
    signedIn: true,
    user: { firstName: 'Amelia', lastName: 'Hughes' },
    pets: [{ petId: 7, name: 'Rex' }],
    onSignIn: vi.fn(),
    onLogout: vi.fn(),
    footer: <SiteFooter brandName="Harbour Vets" links={defaultSiteLinks} />,
    children: <h1>Page</h1>,
    ...overrides,
  };
  render(<PortalShell {...props} />);
  return props;
}

describe('PortalShell', () => {
  it('has a skip link to the main landmark, a header, breadcrumbs and a footer', () => {
    renderShell('/pets/7', { breadcrumbNames: { '7': 'Rex' } });
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.getAttribute('tabindex')).toBe('-1');
    // The first link on the page skips to main (found by role alone: naming every link is slow in jsdom).
    const skipLink = screen.getAllByRole('link')[0];
    expect(skipLink?.textContent).toBe('Skip to main content');
    expect(skipLink?.getAttribute('href')).toBe('#main-content');
    // In reading order: the header, then main, then the footer.
    expect(screen.getByRole('banner').compareDocumentPosition(main)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('contentinfo').compareDocumentPosition(main)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Rex');
    expect(main.contains(screen.getByRole('heading', { name: 'Page' }))).toBe(true);
  });

  it('opens the drawer from the hamburger, its code loading on the first opening', async () => {
    renderShell('/');
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(document.getElementById(hamburger.getAttribute('aria-controls') ?? '')).toBeNull();
    fireEvent.click(hamburger);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    const navigation = await screen.findByRole('navigation', { name: 'Menu' });
    const drawer = document.getElementById(hamburger.getAttribute('aria-controls') ?? '');
    expect(drawer?.contains(navigation)).toBe(true);
  });

  it.each(['/guest/complete', '/registration', '/maintenance'])('hides the header on %s', (path) => {
    renderShell(path);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('Page');
  });

  it('paints the grey background on the pet list and white on the dashboard', () => {
    renderShell('/pets');
    const frame = screen.getByRole('main').parentElement as HTMLElement;
    expect(getComputedStyle(frame).backgroundColor).toBe('rgb(248, 248, 248)');
    cleanup();
    renderShell('/');
    const home = screen.getByRole('main').parentElement as HTMLElement;
    expect(getComputedStyle(home).backgroundColor).toBe('rgb(255, 255, 255)');
  });
});
