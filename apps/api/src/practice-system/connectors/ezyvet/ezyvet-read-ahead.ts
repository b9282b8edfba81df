import type { ReadKind, ReadPage } from '../vendor-port.ts';

type Page = ReadPage<ReadKind>;
type Read = (kind: ReadKind, cursor: string | null, signal?: AbortSignal) => Promise<Page>;

interface Ahead {
  cursor: string | null;
  page: Promise<Page>;
  failed: boolean;
  /** Its records and deletions, once read: what it holds in memory. */
  size: number;
}

interface Queue {
  pages: Ahead[];
  /** Where the chain stopped for want of room, to go on from when a page is taken. */
  stalledAt: string | null;
}

/**
 * Reading several kinds at once (decision 0116). The layer applies the kinds one after another, parents
 * first, but ezyVet's limits are per endpoint (60 a minute) and per database (180): read one kind at a
 * time, a catch-up uses one endpoint's share of the database's budget. Told where each kind's cursor
 * stands at the start of a pass, this reads ahead: each kind's pages from its cursor, concurrently, up to
 * `limits.records` records (and `limits.pages` pages) held a kind, the rate windows (ezyvet-rate-window.ts) sharing the budget among them. The
 * layer then takes each page in its order; a page it asks for from another cursor (a resync) is read
 * afresh and that kind's pages ahead are dropped. Pages read ahead are as correct as pages read late: a
 * window's content is fixed once its end is (ezyvet-window.ts), and whatever changes after comes in the
 * next window.
 */
export class EzyvetReadAhead {
  private readonly queues = new Map<ReadKind, Queue>();

  constructor(
    private readonly readPage: Read,
    private readonly limits = { records: 5_000, pages: 500 },
  ) {}

  /** Starts reading each kind ahead from its cursor (a kind already read ahead from there goes on). */
  start(cursors: ReadonlyMap<ReadKind, string | null>, signal?: AbortSignal): void {
    for (const [kind, cursor] of cursors) {
      const first = this.queues.get(kind)?.pages[0];
      if (first && first.cursor === cursor && !first.failed) continue;
      const queue: Queue = { pages: [], stalledAt: null };
      this.queues.set(kind, queue);
      this.fetch(kind, queue, cursor, signal);
    }
  }

  /** A page of a kind: the one read ahead from this cursor if there is one, else read now. */
  async read(kind: ReadKind, cursor: string | null, signal?: AbortSignal): Promise<Page> {
    const queue = this.queues.get(kind);
    const ahead = queue?.pages[0];
    if (!queue || !ahead || ahead.cursor !== cursor) {
      this.queues.delete(kind);
      return this.readPage(kind, cursor, signal);
    }
    queue.pages.shift();
    try {
      const page = await ahead.page;
      if (queue.stalledAt !== null && this.queues.get(kind) === queue) {
        const from = queue.stalledAt;
        queue.stalledAt = null;
        this.fetch(kind, queue, from, signal);
      }
      return page;
    } catch (error) {
      // The pages after a failed one were never asked for: the next read starts afresh.
      this.queues.delete(kind);
      throw error;
    }
  }

  private fetch(kind: ReadKind, queue: Queue, cursor: string | null, signal?: AbortSignal): void {
    const ahead: Ahead = { cursor, page: this.readPage(kind, cursor, signal), failed: false, size: 0 };
    queue.pages.push(ahead);
    ahead.page.then(
      (page) => {
        ahead.size = page.records.length + page.deleted.length;
        if (!page.more || this.queues.get(kind) !== queue) return;
        const held = queue.pages.reduce((sum, each) => sum + each.size, 0);
        if (queue.pages.length < this.limits.pages && held < this.limits.records)
          this.fetch(kind, queue, page.cursor, signal);
        else queue.stalledAt = page.cursor;
      },
      // Kept for the read that takes it (the failure is its to report), never unhandled meanwhile.
      () => {
        ahead.failed = true;
      },
    );
  }
}
