// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteLinks } from '../site-links';
import { theme } from '../theme/theme';
import { PortalShell, type PortalShellProps } from './portal-shell';

const navigation = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('next/navigation', () => ({ usePathname: () => navigation.pathname }));

beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
});

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
    children: <h1>Page</h1>,
    ...overrides,
  };
  render(
    <ThemeProvider theme={theme}>
      <PortalShell {...props} />
    </ThemeProvider>,
  );
  return props;
}

describe('PortalShell', () => {
  it('has a skip link to the main landmark, a header, breadcrumbs and a footer', () => {
    renderShell('/pets/7', { breadcrumbNames: { '7': 'Rex' } });
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByRole('banner')).toBeDefined();
    expect(screen.getByRole('contentinfo')).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Rex');
    expect(screen.getByRole('heading', { name: 'Page' })).toBeDefined();
  });

  it('opens the drawer from the hamburger', () => {
    renderShell('/');
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(hamburger);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeDefined();
  });

  it.each(['/guest/complete', '/registration', '/maintenance'])('hides the header on %s', (path) => {
    renderShell(path);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('main')).toBeDefined();
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
