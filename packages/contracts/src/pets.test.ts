import { describe, expect, it } from 'vitest';
import { sortAndSlicePets } from './pets.ts';

const pet = (petId: number, name: string) => ({ petId, name });

describe('sortAndSlicePets', () => {
  it('sorts by the field, ignoring case, and breaks ties by petId', () => {
    const pets = [pet(4, 'rex'), pet(2, 'Alfie'), pet(3, 'Rex'), pet(1, 'bella')];
    expect(sortAndSlicePets(pets, 'name', 10).slicedData.map((p) => p.petId)).toEqual([2, 1, 3, 4]);
  });

  it('returns the first `count` and the total', () => {
    const pets = [pet(1, 'D'), pet(2, 'C'), pet(3, 'B'), pet(4, 'A')];
    expect(sortAndSlicePets(pets, 'name', 3)).toEqual({
      total: 4,
      slicedData: [pet(4, 'A'), pet(3, 'B'), pet(2, 'C')],
    });
    expect(sortAndSlicePets([], 'name', 3)).toEqual({ total: 0, slicedData: [] });
  });

  it('sorts numbers numerically', () => {
    const pets = [pet(10, 'x'), pet(9, 'x'), pet(100, 'x')];
    expect(sortAndSlicePets(pets, 'petId', 3).slicedData.map((p) => p.petId)).toEqual([9, 10, 100]);
  });
});
