// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitPetsField } from './visit-pets-field';

afterEach(cleanup);

const pets = [
  { petId: 3, name: 'Clover' },
  { petId: 4, name: 'Biscuit' },
  { petId: 2, name: 'Pickle' },
];

describe('VisitPetsField (decision 0117)', () => {
  it('is a group named by its legend, described by how the visit runs', () => {
    render(
      <VisitPetsField
        firstPetName="Bramble"
        durationMinutes={15}
        pets={pets}
        value={[4]}
        onChange={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: 'Bring other pets to the same visit' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/15-minute appointment, one after another/).textContent).toContain('Bramble');
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('keeps the pets ticked in the list’s order, whatever the order they were ticked in', () => {
    const onChange = vi.fn();
    render(
      <VisitPetsField
        firstPetName="Bramble"
        durationMinutes={15}
        pets={pets}
        value={[2]}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clover' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pickle' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
