import { listKey } from './list-key.ts';

/**
 * VBO carries VeNom's terms as synonyms, and VeNom packs a breed's other names into one string, in
 * brackets after the first: `Westie (or Westy)`, `Crossbreed (Mongrel) (Batard)`,
 * `Chorkie ( Yorkie-Chi, Chiyorkie, Yorkiewawa )`. A practice system writes one of those names, never the
 * whole string, so each is a key of its own (decision 0096): the text before the brackets and each name
 * in them (separated by `,` or `;`, a leading "or" dropped).
 *
 * Left whole: brackets in the middle of a name or inside others (`Hungarian (Magyar) Vizsla,
 * Smooth-Haired`), whose pieces are not names. Not a part: a bracket's note rather than a name (one in
 * lower case, `unspecified`, `in USA`; a species or a country, `Dog`, `Sweden`), nor a variety (`Toy`,
 * `Long Coat`): then the text before the brackets is the breed's, not this variety's (`Chihuahua (Long
 * Coat)`), and is no part either.
 */
export function synonymParts(synonym: string): string[] {
  const packed = /^([^()]*[^\s()])\s*((?:\([^()]*\)\s*)+)$/.exec(synonym.trim());
  if (!packed) return [];
  const inBrackets = [...packed[2]!.matchAll(/\(([^()]*)\)/g)].flatMap((bracket) => namesIn(bracket[1]!));
  if (inBrackets.some((name) => varieties.has(listKey(name)))) return [];
  const named = inBrackets.filter((name) => /^\p{Lu}/u.test(name) && !notes.has(listKey(name)));
  const whole = listKey(synonym);
  const seen = new Set<string>();
  return [packed[1]!.trim(), ...named].filter((part) => {
    const key = listKey(part);
    if (key === '' || key === whole || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The names in one bracket, split at `;` and `,`, a leading "or" dropped; but a one-word piece after a
 * VeNom term (`Group - Variety`) is that term's qualifier (`Spaniel - Brittany, American`), not a name.
 */
function namesIn(bracket: string): string[] {
  const names: string[] = [];
  for (const piece of bracket.split(/[,;]/).map((p) => p.trim().replace(/^or\s+/i, ''))) {
    const previous = names.at(-1);
    if (previous !== undefined && /\s[-–]\s/.test(previous) && !/\s/.test(piece))
      names[names.length - 1] = `${previous}, ${piece}`;
    else names.push(piece);
  }
  return names;
}

/** The varieties VBO's bracketed synonyms name (at e3740072b43b), as keys. */
const varieties = new Set(
  [
    'Toy',
    'Miniature',
    'Standard',
    'Grand',
    'Smooth',
    'Wire',
    'Long Coat',
    'Short Coat',
    'Smooth Coat',
    'Long-Haired',
    'Short-Haired',
    'Smooth-Haired',
    'Wire-Haired',
    'modern',
    'traditional',
  ].map(listKey),
);

/** The capitalised notes they hold (lower-case ones are notes by their case), as keys. */
const notes = new Set(
  [
    'Dog',
    'Cat',
    'Rabbit',
    'Mountain Dog',
    'Epagneul',
    'Balkan',
    'Eurasian',
    'Finnish',
    'Hellenic',
    'North Indian',
    'Polish',
    'Sweden',
    'Swedish',
    'American breed outside of America',
  ].map(listKey),
);
