// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Pet } from '@vet/contracts/pets';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../shared/theme/theme';
import { PetsOverview, type PetsOverviewProps } from './pets-overview';

afterEach(cleanup);

function pet(petId: number, name: string, overrides: Partial<Pet> = {}): Pet {
  return {
    petId,
    name,
    speciesId: 1,
    speciesName: 'Canine',
    breedId: 1,
    breedName: 'Cockapoo',
    colourId: null,
    colourName: null,
    sex: 'Male',
    neutered: true,
    dateOfBirth: null,
    microchipNumber: null,
    insurerId: null,
    insurerName: null,
    policyNumber: null,
    awaitingInitialConsultation: false,
    status: 'Active',
    ...overrides,
  };
}

function renderPets(props: Partial<PetsOverviewProps>) {
  const onRetry = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <PetsOverview pets={undefined} loading={false} error={false} onRetry={onRetry} {...props} />
    </ThemeProvider>,
  );
  return onRetry;
}

describe('PetsOverview', () => {
  it('shows three placeholders while the pets load', () => {
    renderPets({ loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading your pets');
    expect(document.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
  });

  it('links each pet to its page with its species, living pets first and the deceased marked', () => {
    renderPets({
      pets: [
        pet(4, 'Biscuit'),
        pet(5, 'Smudge', { status: 'Deceased', speciesName: 'Feline', breedName: null }),
        pet(6, 'Luna', { awaitingInitialConsultation: true }),
      ],
    });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Biscuit',
      'Luna',
      'Smudge',
    ]);
    expect(screen.getByRole('link', { name: 'Biscuit' }).getAttribute('href')).toBe('/pets/4');
    expect(cards[0]?.textContent).toContain('Canine · Cockapoo');
    expect(within(cards[1] as HTMLElement).getByText('Awaiting initial consultation')).toBeDefined();
    expect(within(cards[2] as HTMLElement).getByText('Deceased')).toBeDefined();
    expect(cards[2]?.textContent).toContain('Feline');
    expect(screen.queryAllByText('Awaiting initial consultation')).toHaveLength(1);
  });

  it('says so when there are no pets', () => {
    renderPets({ pets: [] });
    expect(screen.getByText('You have not registered any pets with us yet.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'See all your pets' }).getAttribute('href')).toBe('/pets');
  });

  it('offers to try again when the pets could not be loaded', () => {
    const onRetry = renderPets({ error: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load your pets.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
