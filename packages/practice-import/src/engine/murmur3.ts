/**
 * MurmurHash3, its x86 128-bit variant (Austin Appleby, public domain; checked by SMHasher's
 * verification value in murmur3.test.ts): a fast, well-mixed, non-cryptographic hash. `Murmur128` takes
 * its input as 32-bit words (the bytes little-endian), so that a row's text is hashed as it is read,
 * without building one string of it; `murmur3x86128` takes bytes, as the reference does.
 */

const c1 = 0x239b961b;
const c2 = 0xab0e9789;
const c3 = 0x38b34ae5;
const c4 = 0xa1e38b93;

const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The hash fed word by word; `reset` starts another. Reused, it allocates nothing per input. */
export class Murmur128 {
  // Lanes and the words of a block not yet mixed are fields, not arrays: this runs per word of a row.
  private h1 = 0;
  private h2 = 0;
  private h3 = 0;
  private h4 = 0;
  private k1 = 0;
  private k2 = 0;
  private k3 = 0;
  private buffered = 0;
  private words = 0;

  reset(seed: number): this {
    this.h1 = this.h2 = this.h3 = this.h4 = seed | 0;
    this.buffered = 0;
    this.words = 0;
    return this;
  }

  word(k: number): void {
    this.words++;
    switch (this.buffered) {
      case 0:
        this.k1 = k;
        this.buffered = 1;
        return;
      case 1:
        this.k2 = k;
        this.buffered = 2;
        return;
      case 2:
        this.k3 = k;
        this.buffered = 3;
        return;
      default:
        this.block(this.k1, this.k2, this.k3, k);
        this.buffered = 0;
    }
  }

  /** A string as its length, then its UTF-16 code units two to a word: no two strings feed alike. */
  text(value: string): void {
    const length = value.length;
    this.word(length);
    let i = 0;
    for (; i + 1 < length; i += 2) this.word(value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16));
    if (i < length) this.word(value.charCodeAt(i));
  }

  /** The hash of what was fed, into `out` (four words); the state is left spent: reset before reuse. */
  digest(out: Uint32Array): void {
    const n = this.buffered;
    this.tail(n * 4, this.k1, n > 1 ? this.k2 : 0, n > 2 ? this.k3 : 0, 0);
    this.finish(this.words * 4, out);
  }

  /** One 16-byte block. */
  block(k1: number, k2: number, k3: number, k4: number): void {
    this.h1 ^= Math.imul(rotl(Math.imul(k1, c1), 15), c2);
    this.h1 = (Math.imul(rotl(this.h1, 19) + this.h2, 5) + 0x561ccd1b) | 0;
    this.h2 ^= Math.imul(rotl(Math.imul(k2, c2), 16), c3);
    this.h2 = (Math.imul(rotl(this.h2, 17) + this.h3, 5) + 0x0bcaa747) | 0;
    this.h3 ^= Math.imul(rotl(Math.imul(k3, c3), 17), c4);
    this.h3 = (Math.imul(rotl(this.h3, 15) + this.h4, 5) + 0x96cd1c35) | 0;
    this.h4 ^= Math.imul(rotl(Math.imul(k4, c4), 18), c1);
    this.h4 = (Math.imul(rotl(this.h4, 13) + this.h1, 5) + 0x32ac3b17) | 0;
  }

  /** The last, partial block (its missing bytes zero; a lane with no byte at all is left alone). */
  tail(tailBytes: number, k1: number, k2: number, k3: number, k4: number): void {
    if (tailBytes > 12) this.h4 ^= Math.imul(rotl(Math.imul(k4, c4), 18), c1);
    if (tailBytes > 8) this.h3 ^= Math.imul(rotl(Math.imul(k3, c3), 17), c4);
    if (tailBytes > 4) this.h2 ^= Math.imul(rotl(Math.imul(k2, c2), 16), c3);
    if (tailBytes > 0) this.h1 ^= Math.imul(rotl(Math.imul(k1, c1), 15), c2);
  }

  finish(byteLength: number, out: Uint32Array): void {
    let h1 = this.h1 ^ byteLength;
    let h2 = this.h2 ^ byteLength;
    let h3 = this.h3 ^ byteLength;
    let h4 = this.h4 ^ byteLength;
    h1 = (h1 + h2 + h3 + h4) | 0;
    h2 = fmix((h2 + h1) | 0);
    h3 = fmix((h3 + h1) | 0);
    h4 = fmix((h4 + h1) | 0);
    h1 = fmix(h1);
    h1 = (h1 + h2 + h3 + h4) | 0;
    out[0] = h1;
    out[1] = h2 + h1;
    out[2] = h3 + h1;
    out[3] = h4 + h1;
  }
}

/** The reference form, over bytes: its 128 bits as four words (h1..h4). */
export function murmur3x86128(bytes: Uint8Array, seed: number): Uint32Array {
  const word = (at: number) =>
    (bytes[at] ?? 0) |
    ((bytes[at + 1] ?? 0) << 8) |
    ((bytes[at + 2] ?? 0) << 16) |
    ((bytes[at + 3] ?? 0) << 24);
  const hasher = new Murmur128().reset(seed);
  const blocks = bytes.length >>> 4;
  for (let at = 0; at < blocks * 16; at += 16)
    hasher.block(word(at), word(at + 4), word(at + 8), word(at + 12));
  const tail = blocks * 16;
  // word() reads past the end as zero bytes, as the reference's tail switch leaves them.
  hasher.tail(bytes.length - tail, word(tail), word(tail + 4), word(tail + 8), word(tail + 12));
  const out = new Uint32Array(4);
  hasher.finish(bytes.length, out);
  return out;
}
