// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteLinks } from '@/config/site-links';
import { compactHeaderHeight, desktopHeaderHeight } from './layout-constants';
import { SiteHeader, type SiteHeaderProps } from './site-header';
import styles from './site-header.module.css';

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
  render(<SiteHeader {...props} />);
  return props;
}

describe('SiteHeader signed in', () => {
  it('links the logo to the dashboard', () => {
    renderHeader();
    const logo = screen.getByRole('link', { name: 'Harbour Vets, Dashboard' });
    expect(logo.getAttribute('href')).toBe('/');
  });

  it('shows the top navigation items, repeat prescriptions last, and marks the current page', () => {
    renderHeader({ pathname: '/pets' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Your pets', '/pets'],
      ['Your appointments', '/appointments'],
      ['Repeat prescriptions', '/drug-request'],
      ['Bills and estimates', '/bills'],
      ['Messages', '/messages'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Your pets' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('counts the unread answers on Messages, in words for a screen reader', () => {
    renderHeader({ unreadMessages: 2 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: /^Messages\s*2\s+unread$/ });
  });

  it('shows no count on Messages without unread answers', () => {
    renderHeader({ unreadMessages: 0 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: 'Messages' });
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

describe('the user menu (R2.9)', () => {
  async function openMenu() {
    const props = renderHeader();
    const button = screen.getByRole('button', { name: 'Amelia Hughes' });
    fireEvent.click(button);
    // The menu's code loads on first opening.
    const menu = await screen.findByRole('menu', { name: 'Amelia Hughes' });
    const [details, logOut] = within(menu).getAllByRole('menuitem') as [HTMLElement, HTMLElement];
    return { props, button, menu, details, logOut };
  }

  it('is a menu the button controls, its first item focused as it opens', async () => {
    const { button, menu, details } = await openMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(document.activeElement).toBe(details);
  });

  it('moves between its items with the arrow keys, Home, End and their first letters', async () => {
    const { menu, details, logOut } = await openMenu();
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement ?? menu, { key });
      return document.activeElement;
    };
    expect(press('ArrowDown')).toBe(logOut);
    expect(press('ArrowDown')).toBe(details);
    expect(press('ArrowUp')).toBe(logOut);
    expect(press('Home')).toBe(details);
    expect(press('End')).toBe(logOut);
    expect(press('y')).toBe(details);
    expect(press('l')).toBe(logOut);
  });

  it('closes on Escape, giving the focus back to the button, and Escape goes no further', async () => {
    const { button, details } = await openMenu();
    const onDocumentKeyDown = vi.fn();
    document.addEventListener('keydown', onDocumentKeyDown);
    fireEvent.keyDown(details, { key: 'Escape' });
    document.removeEventListener('keydown', onDocumentKeyDown);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(onDocumentKeyDown).not.toHaveBeenCalled();
  });

  it('closes on Tab', async () => {
    const { button, details } = await openMenu();
    fireEvent.keyDown(details, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click outside it, and on a second click on its button', async () => {
    const { button, menu } = await openMenu();
    fireEvent.pointerDown(menu);
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    await screen.findByRole('menu');
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when Log out is chosen, the focus back on its button for the dialog that follows', async () => {
    const { props, button, logOut } = await openMenu();
    fireEvent.click(logOut);
    expect(props.onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
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
  /** The rules of the stylesheets in the document, those inside media queries with their query. */
  function styleRules(): { media: string; rule: CSSStyleRule }[] {
    const walk = (rules: CSSRuleList, media: string): { media: string; rule: CSSStyleRule }[] =>
      Array.from(rules).flatMap((rule) => {
        if (rule instanceof CSSMediaRule) return walk(rule.cssRules, rule.media.mediaText);
        return rule instanceof CSSStyleRule ? [{ media, rule }] : [];
      });
    return Array.from(document.styleSheets).flatMap((sheet) => walk(sheet.cssRules, ''));
  }

  it('is 64 high on small screens and 130 from the lg breakpoint', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    const row = banner.firstElementChild as HTMLElement;
    expect(row.classList.contains(styles.row!)).toBe(true);
    // jsdom applies no media query: what it computes is the small screen's height.
    expect(getComputedStyle(row).height).toBe(`${compactHeaderHeight}px`);
    const wide = styleRules().filter(
      ({ media, rule }) => /min-width:\s*1200px/.test(media) && rule.selectorText === `.${styles.row}`,
    );
    expect(wide.map(({ rule }) => rule.style.height)).toEqual([`${desktopHeaderHeight}px`]);
  });

  it('shows the desktop layout from the lg breakpoint and the compact one below it', () => {
    renderHeader();
    const hiddenIn = (element: HTMLElement) =>
      styleRules()
        .filter(
          ({ media, rule }) => media && element.matches(rule.selectorText) && rule.style.display === 'none',
        )
        .map(({ media }) => media.replace(/\s/g, ''));
    expect(hiddenIn(screen.getByTestId('header-desktop'))).toEqual(['(max-width:1199.95px)']);
    expect(hiddenIn(screen.getByTestId('header-compact'))).toEqual(['(min-width:1200px)']);
  });
});
