import { describe, expect, it } from 'vitest';
import { parsePetId } from './pet-id';

describe('parsePetId', () => {
  it('reads a pet id as the portal writes it', () => {
    expect(parsePetId('7')).toBe(7);
    expect(parsePetId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['007', '7.0', '1e3', ' 7', '-7', '0', '2147483648', 'register', ''])('refuses %j', (id) => {
    expect(parsePetId(id)).toBeNull();
  });
});
