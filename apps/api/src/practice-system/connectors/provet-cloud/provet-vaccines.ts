import type { ProvetHttp } from './provet-http.ts';
import { type ProvetItem, provetIdOf } from './provet-shapes.ts';

/**
 * Which catalogue items are vaccines (decision 0120): a medicine item's `vaccination` flag, asked by
 * `item/{id}/` once a sweep of consultation items for each item met (the catalogue changes rarely; a
 * sweep starts with `clear`).
 */
export class ProvetVaccines {
  private readonly known = new Map<string, boolean>();

  constructor(
    private readonly http: ProvetHttp,
    /** The reader's error for an answer it did not expect (provet-read.ts). */
    private readonly unexpected: (status: number, endpoint: string) => Error,
  ) {}

  clear(): void {
    this.known.clear();
  }

  async isVaccine(itemUrl: string, signal?: AbortSignal): Promise<boolean> {
    const id = provetIdOf(itemUrl);
    if (!id) return false;
    let vaccine = this.known.get(id);
    if (vaccine === undefined) {
      const { status, json } = await this.http.request({
        method: 'GET',
        collection: 'item',
        url: `item/${id}/`,
        signal,
      });
      // An item since removed from the catalogue says nothing more: not read as a vaccine.
      if (status !== 200 && status !== 404) throw this.unexpected(status, 'GET item/{id}/');
      vaccine = status === 200 && (json as ProvetItem).vaccination === true;
      this.known.set(id, vaccine);
    }
    return vaccine;
  }
}
