// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Pet } from '@vet/contracts/pets';
import { buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { LogoutProvider } from '@/shared/auth-session/logout-context';
import { createQueryClient } from '@/shared/query/query-client';
import { defaultSiteLinks } from '@/config/site-links';
import { prepareShellWindow } from '@/testing/shell-window';
import { PortalFrame } from './portal-frame';

vi.mock('@/shared/auth-session/session-client', () => ({
  useSession: () => ({ status: 'authenticated', data: {} }),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('next/navigation', () => ({ usePathname: () => '/pets/3', useRouter: () => ({ replace: vi.fn() }) }));

prepareShellWindow();

// The drawer and the user menu's list load on first opening (dynamic imports). Loaded once here, their
// first opening does not wait on the test runner transforming them, which on a busy machine took longer
// than a findBy waits.
beforeAll(async () => {
  await Promise.all([import('@/shared/layout/side-drawer'), import('@/shared/layout/header-user-menu-list')]);
});

const profile = buildProfile({ firstName: 'Olivia', lastName: 'Bennett' });
const pet = (petId: number, name: string) => buildPet({ petId, name });

function renderFrame(pets: Pet[]) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(Response.json(url.endsWith('/client/profile') ? profile : pets)),
  );
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <LogoutProvider navigate={vi.fn()}>
          <PortalFrame brandName="Harbour Vets" links={defaultSiteLinks} footer={<footer />}>
            <h1>Page</h1>
          </PortalFrame>
        </LogoutProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}

async function drawerPetLinks() {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  // The drawer's code loads on first opening.
  fireEvent.click(await screen.findByRole('button', { name: 'Your pets' }));
  const list = document.getElementById(
    screen.getByRole('button', { name: 'Your pets' }).getAttribute('aria-controls') ?? '',
  ) as HTMLElement;
  await within(list).findAllByRole('link');
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('PortalFrame', () => {
  // The API sends the pets sorted by name (R3.6); the frame shows them in that order.
  it("shows the client's name, and the pets by name in the drawer: three and See All past three", async () => {
    renderFrame([pet(2, 'Biscuit'), pet(1, 'bramble'), pet(5, 'Clover'), pet(3, 'Pickle')]);
    const userMenu = await screen.findByRole('button', { name: 'Olivia Bennett' });
    expect(userMenu.getAttribute('aria-haspopup')).toBe('menu');
    expect(await drawerPetLinks()).toEqual(['Biscuit', 'bramble', 'Clover', 'See All']);
  });

  it('shows exactly three pets without See All', async () => {
    renderFrame([pet(1, 'Bramble'), pet(5, 'Clover'), pet(3, 'Pickle')]);
    expect(await drawerPetLinks()).toEqual(['Bramble', 'Clover', 'Pickle']);
  });

  it("names a pet's page in the breadcrumbs", async () => {
    renderFrame([pet(3, 'Pickle')]);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const current = await within(crumbs).findByText('Pickle');
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('opens the logout confirmation from the user menu', async () => {
    renderFrame([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Olivia Bennett' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(dialog.textContent).toContain('Are you sure you want to log out?');
  });
});
