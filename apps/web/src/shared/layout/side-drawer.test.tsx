// @vitest-environment jsdom
import { act, cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawerPet } from './drawer-pets';
import { desktopMediaQuery, drawerWidth } from './layout-constants';
import { SideDrawer, type SideDrawerProps } from './side-drawer';
import styles from './side-drawer.module.css';

/** jsdom has no matchMedia: a window desktop-wide or not, and the listeners to call when that changes. */
function stubWindow() {
  const viewport = { wide: false, listeners: new Set<() => void>() };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === desktopMediaQuery && viewport.wide;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => viewport.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => viewport.listeners.delete(listener),
  }));
  return viewport;
}

beforeEach(() => {
  stubWindow();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pets = (count: number): DrawerPet[] =>
  Array.from({ length: count }, (_, index) => ({ petId: index + 1, name: `Pet ${index + 1}` }));

function renderDrawer(overrides: Partial<SideDrawerProps> = {}) {
  const props: SideDrawerProps = { open: true, onClose: vi.fn(), pets: [], onLogout: vi.fn(), ...overrides };
  const view = render(<SideDrawer {...props} />);
  return { props, view };
}

/** A click on a link, its navigation left out (jsdom cannot navigate). */
function follow(link: HTMLElement) {
  const click = createEvent.click(link);
  click.preventDefault();
  fireEvent(link, click);
}

function openPets() {
  const toggle = screen.getByRole('button', { name: 'Your pets' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('SideDrawer', () => {
  it('lists Dashboard, Your details, Your pets, Your appointments, Repeat prescriptions, Bills and estimates and Logout, 240 wide, on the right', () => {
    renderDrawer();
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Your details' }).getAttribute('href')).toBe(
      '/client-detail',
    );
    expect(within(nav).getByRole('link', { name: 'Your appointments' }).getAttribute('href')).toBe(
      '/appointments',
    );
    expect(within(nav).getByRole('link', { name: 'Repeat prescriptions' }).getAttribute('href')).toBe(
      '/drug-request',
    );
    expect(within(nav).getByRole('link', { name: 'Bills and estimates' }).getAttribute('href')).toBe(
      '/bills',
    );
    // In this order, Logout last.
    expect(
      Array.from(nav.querySelectorAll(':scope > ul > li > :first-child'), (item) => item.textContent),
    ).toEqual([
      'Dashboard',
      'Your details',
      'Your pets',
      'Your appointments',
      'Repeat prescriptions',
      'Bills and estimates',
      'Messages',
      'Logout',
    ]);
    const petsToggle = within(nav).getByRole('button', { name: 'Your pets' });
    expect(petsToggle.getAttribute('aria-expanded')).toBe('false');
    expect(petsToggle.getAttribute('aria-controls')).toMatch(/\S/);
    // The drawer is the modal dialog named Menu: a full-height panel against the window's right edge.
    const paper = document.getElementById('site-drawer') as HTMLElement;
    expect(paper).toBe(screen.getByRole('dialog', { name: 'Menu' }));
    expect(paper.tagName).toBe('DIALOG');
    expect(paper.hasAttribute('open')).toBe(true);
    expect(paper.classList.contains(styles.drawer!)).toBe(true);
    const box = getComputedStyle(paper);
    expect(box.width).toBe(`${drawerWidth}px`);
    expect(box.height).toBe('100%');
    expect([box.marginLeft, box.marginRight]).toEqual(['auto', '0px']);
  });

  it('hides its content while closed, and keeps Your pets as it was between openings', () => {
    const { props, view } = renderDrawer({ open: false, pets: pets(1) });
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    view.rerender(<SideDrawer {...props} open />);
    openPets();
    view.rerender(<SideDrawer {...props} open={false} />);
    view.rerender(<SideDrawer {...props} open />);
    const toggle = screen.getByRole('button', { name: 'Your pets' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'Pet 1' }).getAttribute('href')).toBe('/pets/1');
  });

  it('keeps the collapsed pets list hidden, and shows it expanded', () => {
    renderDrawer({ pets: pets(1) });
    const toggle = screen.getByRole('button', { name: 'Your pets' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByText('Pet 1').closest('a')?.getAttribute('href')).toBe('/pets/1');
    expect(within(list).queryByRole('link', { name: 'Pet 1' })).toBeNull();
    fireEvent.click(toggle);
    expect(within(list).getByRole('link', { name: 'Pet 1' }).getAttribute('href')).toBe('/pets/1');
  });

  it("says 'No Pets Found' when there are none", () => {
    renderDrawer({ pets: [] });
    const list = openPets();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No Pets Found']);
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('links one pet to its page', () => {
    renderDrawer({ pets: pets(1) });
    const list = openPets();
    expect(within(list).getByRole('link', { name: 'Pet 1' }).getAttribute('href')).toBe('/pets/1');
    expect(within(list).queryByRole('link', { name: 'See All' })).toBeNull();
    expect(within(list).queryByText('No Pets Found')).toBeNull();
  });

  it('shows three pets without See All', () => {
    renderDrawer({ pets: pets(3) });
    const list = openPets();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pet 1', 'Pet 2', 'Pet 3']);
  });

  it('shows the first three and a See All link to /pets with four or more', () => {
    renderDrawer({ pets: pets(5) });
    const list = openPets();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Pet 1', 'Pet 2', 'Pet 3', 'See All']);
    expect(links[3]?.getAttribute('href')).toBe('/pets');
  });

  it('shows See All for the first three of a longer list, given the total', () => {
    renderDrawer({ pets: pets(3), petTotal: 4 });
    const links = within(openPets()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Pet 1', 'Pet 2', 'Pet 3', 'See All']);
  });

  it('says pets are loading while they load', () => {
    renderDrawer({ pets: undefined, petsLoading: true });
    const list = openPets();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Loading pets…']);
    expect(within(list).queryByText('No Pets Found')).toBeNull();
  });

  it('logs out from Logout and closes from the close button', () => {
    const { props } = renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on a click outside it (the dimmed page), and not on a click inside it', () => {
    const { props } = renderDrawer();
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    // jsdom lays nothing out: the drawer's box is empty, so (200, 200) is outside it, on the dimmed page.
    fireEvent.click(screen.getByRole('navigation', { name: 'Menu' }), { clientX: 200, clientY: 200 });
    expect(props.onClose).not.toHaveBeenCalled();
    fireEvent.click(drawer, { clientX: 200, clientY: 200 });
    expect(props.onClose).toHaveBeenCalledOnce();
  });

  it('closes on Escape', () => {
    const { props } = renderDrawer();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Menu' }), { key: 'Escape' });
    expect(props.onClose).toHaveBeenCalledOnce();
  });

  it('closes when one of its links is followed', () => {
    const { props } = renderDrawer({ pets: pets(1) });
    follow(screen.getByRole('link', { name: 'Your appointments' }));
    expect(props.onClose).toHaveBeenCalledOnce();
    follow(within(openPets()).getByRole('link', { name: 'Pet 1' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('closes when the window becomes 1200px wide or more', () => {
    const viewport = stubWindow();
    const { props } = renderDrawer();
    expect(props.onClose).not.toHaveBeenCalled();

    act(() => {
      viewport.wide = true;
      viewport.listeners.forEach((listener) => listener());
    });

    expect(props.onClose).toHaveBeenCalledOnce();
  });
});
