// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Pet } from '@vet/contracts/pets';
import { buildPet } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { PetsOverview, type PetsOverviewProps } from './pets-overview';

afterEach(cleanup);

const pet = (petId: number, name: string, overrides: Partial<Pet> = {}) =>
  buildPet({ petId, name, speciesName: 'Canine', breedName: 'Cockapoo', ...overrides });

/** The chips on a pet's card (awaiting its initial consultation, rehomed, deceased). */
const chips = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('.StatusChip-label'), (label) => label.textContent);

function renderPets(props: Partial<PetsOverviewProps>) {
  render(<PetsOverview pets={[]} {...props} />);
}

describe('PetsOverview', () => {
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
    expect(cards.map(chips)).toEqual([[], ['Awaiting initial consultation'], ['Deceased']]);
    expect(cards[2]?.textContent).toContain('Feline');
  });

  it('marks a rehomed pet apart: after the current pets, before those that have died', () => {
    renderPets({
      pets: [
        pet(7, 'Alfie', { status: 'Deceased' }),
        pet(8, 'Biscuit'),
        pet(9, 'Pip', { status: 'Rehomed', awaitingInitialConsultation: true }),
      ],
    });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Biscuit',
      'Pip',
      'Alfie',
    ]);
    // A first visit the pet will not come to is no longer awaited by the client.
    expect(cards.map(chips)).toEqual([[], ['Rehomed'], ['Deceased']]);
  });

  it('says so when there are no pets', () => {
    renderPets({ pets: [] });
    const section = screen.getByRole('region', { name: 'Your pets' });
    expect(section.textContent).toContain('You have not registered any pets with us yet.');
    expect(within(section).queryAllByRole('article')).toHaveLength(0);
    expect(within(section).queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all your pets' }).getAttribute('href')).toBe('/pets');
  });

  it('offers to try again, loading the dashboard again, when the pets could not be loaded', () => {
    renderPets({ pets: undefined });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load your pets.');
    expect(within(alert).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
  });
});
