import { listKey } from '@vet/db/reference/list-key';
import { nameSimilarity } from './nearest-names.ts';

/** An entry of one of the portal's lists, with the keys it is matched by (none: by its name alone). */
export interface ListEntry {
  id: number;
  name: string;
  /** Synonyms and codes (decision 0096); `text` as written, `kind` `code`s are never suggested. */
  keys?: readonly { key: string; text: string; kind: string }[];
}

/** Values remembered per list: a column's cells repeat (one species for thousands of pets). */
const remembered = 4096;

/** What a cell names: an entry of the list, or a cross of one. */
export interface ListMatch {
  id: number;
  /** The cell is `<entry> X` (`Labrador X`, `Collie cross`): a cross of the entry, not the entry. */
  cross: boolean;
}

/** `<name> X`, `x`, `cross`, `crossbreed` or `crossbred`, after a space or a hyphen. */
const crossOf = /^(.+?)[\s-]+(?:x|cross(?:[\s-]?bree?d)?)$/i;
const venomCode = /^venom\d+$/;

/**
 * One list (of one species, for breeds and colours) as the import matches it (decision 0096): a cell is
 * the entry whose name, synonym or code it is without regard to case, spacing, punctuation or accents;
 * else, for a cell of digits alone, the entry with that VeNom code. An entry with keys comes before a
 * row from before the lists of the same name. A cell the list lacks is answered with the entries
 * nearest to it, by their names and synonyms, as the portal names them.
 */
export class ListMatcher implements Iterable<[string, number]> {
  private readonly ids = new Map<string, number>();
  /** Each VeNom code (`venom14631`) and its entry: for a cell of the code's digits alone. */
  private readonly venom = new Map<string, number>();
  private readonly names: { name: string; texts: string[] }[] = [];
  private readonly found = new Map<string, ListMatch | null>();
  private readonly suggested = new Map<string, string[]>();

  constructor(entries: readonly ListEntry[]) {
    const keyed = [...entries].sort((a, b) => Number(!a.keys?.length) - Number(!b.keys?.length));
    for (const entry of keyed) {
      const name = listKey(entry.name);
      if (name !== '' && !this.ids.has(name)) this.ids.set(name, entry.id);
      for (const { key } of entry.keys ?? []) if (!this.ids.has(key)) this.ids.set(key, entry.id);
      for (const { key, kind } of entry.keys ?? [])
        if (kind === 'code' && venomCode.test(key) && !this.venom.has(key)) this.venom.set(key, entry.id);
      const synonyms = (entry.keys ?? []).filter((k) => k.kind === 'synonym').map((k) => k.text);
      this.names.push({ name: entry.name, texts: [entry.name, ...synonyms] });
    }
  }

  get size(): number {
    return this.ids.size;
  }

  /** Every key and the id it names. */
  [Symbol.iterator](): Iterator<[string, number]> {
    return this.ids[Symbol.iterator]();
  }

  /** The id of the entry `text` names, or undefined; a cross of an entry (`Labrador X`) is not it. */
  find(text: string): number | undefined {
    const found = this.match(text);
    return found && !found.cross ? found.id : undefined;
  }

  /**
   * What `text` names, or undefined:
   * - the entry it is a name, synonym or code of (a group's code among them): `Cockapoo`, `Crossbreed`,
   *   `VeNom:14631`, even when it reads as a cross;
   * - else, for digits alone (`14631`), the entry with that VeNom code; other digits name nothing;
   * - else, for `<key> X`, `<key> x`, `<key> cross`, `<key> crossbreed` or `<key> crossbred`, where
   *   `<key>` is a name, synonym or code of the list, that entry as a cross (`Labrador X`).
   */
  match(text: string): ListMatch | undefined {
    let found = this.found.get(text);
    if (found === undefined) {
      found = this.matched(text.trim());
      if (this.found.size < remembered) this.found.set(text, found);
    }
    return found ?? undefined;
  }

  private matched(text: string): ListMatch | null {
    const id =
      this.ids.get(listKey(text)) ?? (/^\d+$/.test(text) ? this.venom.get(`venom${text}`) : undefined);
    if (id !== undefined) return { id, cross: false };
    const base = crossOf.exec(text)?.[1];
    const crossed = base === undefined ? undefined : this.ids.get(listKey(base));
    return crossed === undefined ? null : { id: crossed, cross: true };
  }

  /** Up to `count` entries' names nearest to `text`, nearest first (ties A to Z); never `text` itself. */
  nearest(text: string, count = 3): string[] {
    const cached = this.suggested.get(text);
    if (cached) return cached;
    const names = [
      ...new Set(
        this.names
          .map(({ name, texts }) => ({ name, score: Math.max(...texts.map((t) => nameSimilarity(text, t))) }))
          .sort((x, y) => y.score - x.score || x.name.localeCompare(y.name))
          .map(({ name }) => name),
      ),
    ].slice(0, count);
    if (this.suggested.size < remembered) this.suggested.set(text, names);
    return names;
  }
}
