// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/shared/theme/theme';
import type { DrawerPet } from './drawer-pets';
import { SideDrawer, type SideDrawerProps } from './side-drawer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pets = (count: number): DrawerPet[] =>
  Array.from({ length: count }, (_, index) => ({ petId: index + 1, name: `Pet ${index + 1}` }));

function renderDrawer(overrides: Partial<SideDrawerProps> = {}) {
  const props: SideDrawerProps = { open: true, onClose: vi.fn(), pets: [], onLogout: vi.fn(), ...overrides };
  const view = render(
    <ThemeProvider theme={theme}>
      <SideDrawer {...props} />
    </ThemeProvider>,
  );
  return { props, view };
}

function openPets() {
  const toggle = screen.getByRole('button', { name: 'Your pets' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('SideDrawer', () => {
  it('lists Dashboard, Your details, Your pets, Your appointments and Logout, 240 wide, on the right', () => {
    renderDrawer();
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Your details' }).getAttribute('href')).toBe(
      '/client-detail',
    );
    expect(within(nav).getByRole('link', { name: 'Your appointments' }).getAttribute('href')).toBe(
      '/appointments',
    );
    const petsToggle = within(nav).getByRole('button', { name: 'Your pets' });
    expect(petsToggle.getAttribute('aria-expanded')).toBe('false');
    expect(petsToggle.getAttribute('aria-controls')).toMatch(/\S/);
    const paper = document.getElementById('site-drawer') as HTMLElement;
    expect(paper.closest('.MuiDrawer-anchorRight')).not.toBeNull();
    expect(getComputedStyle(paper).width).toBe('240px');
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

  it('closes on a click outside it (the backdrop)', () => {
    const { props } = renderDrawer();
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.click(backdrop);
    expect(props.onClose).toHaveBeenCalledOnce();
  });

  it('closes when the window becomes 1200px wide or more', () => {
    let wide = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query.includes('min-width:1200px') && wide;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const { props } = renderDrawer();
    expect(props.onClose).not.toHaveBeenCalled();

    act(() => {
      wide = true;
      listeners.forEach((listener) => listener());
    });

    expect(props.onClose).toHaveBeenCalledOnce();
  });
});
