// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Pet } from '@vet/contracts/pets';
import { buildPet } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { PetsList } from './pets-list';

afterEach(cleanup);

const pet = (name: string, overrides: Partial<Pet> = {}) => buildPet({ name, ...overrides });

function renderList(pets: Pet[]) {
  render(
    <PetsList
      pets={pets}
      loading={false}
      error={false}
      onRetry={() => undefined}
      today="2026-11-26"
      registerAction={<button type="button">Register a pet</button>}
    />,
  );
}

/** The pets' names in a part of the page. */
const names = (within_: HTMLElement, level: number) =>
  within(within_)
    .queryAllByRole('heading', { level })
    .map((heading) => heading.textContent);

describe('PetsList', () => {
  it('lists the current pets, then apart the rehomed, then those no longer with us', () => {
    renderList([
      pet('Alfie', { status: 'Deceased' }),
      pet('Biscuit'),
      pet('Pip', { status: 'Rehomed' }),
      pet('Zorro'),
    ]);
    const rehomed = screen.getByRole('region', { name: 'Rehomed pets' });
    const deceased = screen.getByRole('region', { name: 'Pets no longer with us' });
    expect(names(document.body, 2)).toEqual(['Biscuit', 'Zorro', 'Rehomed pets', 'Pets no longer with us']);
    expect(names(rehomed, 3)).toEqual(['Pip']);
    expect(names(deceased, 3)).toEqual(['Alfie']);
    expect(rehomed.compareDocumentPosition(deceased) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers to register a pet when none is still the client’s, in words true of the pets there were', () => {
    const emptyText = () => screen.getByRole('button', { name: 'Register a pet' }).parentElement?.textContent;
    renderList([pet('Pip', { status: 'Rehomed' })]);
    expect(emptyText()).toMatch(/^You have no current pets registered with us\. /);
    expect(screen.getByRole('region', { name: 'Rehomed pets' })).toBeTruthy();
    cleanup();
    renderList([pet('Alfie', { status: 'Deceased' })]);
    expect(emptyText()).toMatch(/^You have no living pets registered with us\. /);
    expect(screen.queryByRole('region', { name: 'Rehomed pets' })).toBeNull();
    cleanup();
    renderList([]);
    expect(emptyText()).toMatch(/^You have not registered any pets with us yet\. /);
  });
});
