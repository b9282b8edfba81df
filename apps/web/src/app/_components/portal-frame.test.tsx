// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { LogoutProvider } from '@/shared/auth-session/logout-context';
import { createQueryClient } from '@/shared/query/query-client';
import { defaultSiteLinks } from '@/shared/site-links';
import { theme } from '@/shared/theme/theme';
import { PortalFrame } from './portal-frame';

vi.mock('next-auth/react', () => ({
  useSession: () => ({ status: 'authenticated', data: {} }),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('next/navigation', () => ({ usePathname: () => '/pets/3' }));

beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
});

const profile = {
  success: true,
  clientId: 1,
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia@example.com',
  homePracticeId: 1,
  homePracticeName: 'Willowbrook Vets Clapham',
  homePracticePhone: '01632 960001',
  requireContactPreferencesUpdate: false,
  activationStatus: 'COMPLETED',
  isAppointmentBookingAndPetRegistrationAllowed: true,
};

const pet = (petId: number, name: string) => ({
  petId,
  name,
  speciesId: 1,
  speciesName: 'Canine',
  breedId: null,
  breedName: null,
  colourId: null,
  colourName: null,
  sex: 'Female',
  neutered: true,
  dateOfBirth: null,
  microchipNumber: null,
  insurerId: null,
  insurerName: null,
  policyNumber: null,
  awaitingInitialConsultation: false,
  status: 'Active',
});

function renderFrame(pets: unknown[]) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(Response.json(url.endsWith('/client/profile') ? profile : pets)),
  );
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <ApiClientProvider client={api}>
          <LogoutProvider navigate={vi.fn()}>
            <PortalFrame brandName="Harbour Vets" links={defaultSiteLinks}>
              <h1>Page</h1>
            </PortalFrame>
          </LogoutProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function drawerPetLinks() {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  fireEvent.click(screen.getByRole('button', { name: 'Your pets' }));
  const list = document.getElementById(
    screen.getByRole('button', { name: 'Your pets' }).getAttribute('aria-controls') ?? '',
  ) as HTMLElement;
  await within(list).findAllByRole('link');
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('PortalFrame', () => {
  it("shows the client's name, and the pets by name in the drawer: three and See All past three", async () => {
    renderFrame([pet(3, 'Pickle'), pet(1, 'bramble'), pet(5, 'Clover'), pet(2, 'Biscuit')]);
    expect(await screen.findByRole('button', { name: 'Olivia Bennett' })).toBeDefined();
    expect(await drawerPetLinks()).toEqual(['Biscuit', 'bramble', 'Clover', 'See All']);
  });

  it('shows exactly three pets without See All', async () => {
    renderFrame([pet(3, 'Pickle'), pet(1, 'Bramble'), pet(5, 'Clover')]);
    expect(await drawerPetLinks()).toEqual(['Bramble', 'Clover', 'Pickle']);
  });

  it("names a pet's page in the breadcrumbs", async () => {
    renderFrame([pet(3, 'Pickle')]);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByText('Pickle')).toBeDefined();
  });

  it('opens the logout confirmation from the user menu', async () => {
    renderFrame([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Olivia Bennett' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(screen.getByRole('dialog', { name: 'Log out' })).toBeDefined();
  });
});
