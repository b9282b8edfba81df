/**
 * Deterministic "random" draws for the benchmark's export, addressed by what they are for (a seed, a
 * record's number, which draw) rather than by the order they are made in: each file is written on its
 * own, streaming, and still agrees with the others (a pet's species is the same in pets.csv, in
 * appointments.csv and in vaccinations.csv) without holding anything in memory.
 */

/** MurmurHash3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit draw for these keys (non-negative integers), the same every time. */
export function draw(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) h = fmix32(h ^ fmix32(key + 0x7f4a7c15));
  return h;
}

/** A whole number in [0, bound). */
export function below(bound: number, ...keys: number[]): number {
  return draw(...keys) % bound;
}

/** One of the items, chosen by the keys. */
export function pick<T>(items: readonly T[], ...keys: number[]): T {
  const item = items[below(items.length, ...keys)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** True with the given probability (0–1). */
export function chance(probability: number, ...keys: number[]): boolean {
  return draw(...keys) / 0x1_0000_0000 < probability;
}
