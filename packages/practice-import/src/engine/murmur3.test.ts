import { describe, expect, it } from 'vitest';
import { Murmur128, murmur3x86128 } from './murmur3.ts';

const littleEndian = (words: Uint32Array) => new Uint8Array(words.buffer.slice(0));

describe('murmur3x86128', () => {
  it('gives SMHasher’s verification value for MurmurHash3_x86_128 (0xB3ECE62A)', () => {
    // SMHasher's VerificationTest: keys 0, 0 1, … 0..254 hashed with seeds 256 - length, their hashes
    // hashed again with seed 0; the first four bytes of that, little-endian.
    const key = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hashes = new Uint8Array(16 * 256);
    for (let i = 0; i < 256; i++)
      hashes.set(littleEndian(murmur3x86128(key.subarray(0, i), 256 - i)), i * 16);
    expect(murmur3x86128(hashes, 0)[0]).toBe(0xb3ece62a);
  });
});

describe('Murmur128', () => {
  it('hashes words as the reference hashes their bytes, for every length of tail', () => {
    const hasher = new Murmur128();
    const out = new Uint32Array(4);
    for (let n = 0; n < 40; n++) {
      const words = Uint32Array.from({ length: n }, (_, i) => Math.imul(i + 1, 0x9e3779b1) >>> 0);
      hasher.reset(n * 7);
      for (const w of words) hasher.word(w);
      hasher.digest(out);
      expect([...out]).toEqual([...murmur3x86128(littleEndian(words), n * 7)]);
    }
  });

  it('feeds a string as its length and its code units, so where one ends is part of the hash', () => {
    const digest = (...values: string[]) => {
      const hasher = new Murmur128().reset(1);
      for (const value of values) hasher.text(value);
      const out = new Uint32Array(4);
      hasher.digest(out);
      return [...out].join(',');
    };
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
    expect(digest('a', '')).not.toBe(digest('', 'a'));
    expect(digest('é\u0000')).not.toBe(digest('é'));
    expect(digest('Siobhán', 'MacLeod')).toBe(digest('Siobhán', 'MacLeod'));
  });
});
