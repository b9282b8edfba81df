/**
 * Wakes the dispatcher's idle delivery slots, in their waiting order. A slot notes `seen` before it looks for work and waits with
 * it: a wake that came while it looked (an event committed meanwhile) makes the wait return at once, so
 * no wake is lost between "found nothing" and "waiting".
 */
export class Wakeup {
  private generation = 0;
  private readonly waiters = new Set<() => void>();

  get seen(): number {
    return this.generation;
  }

  /**
   * Wakes up to `count` waiting slots. Every slot busy looking meanwhile looks once more, whatever the
   * count: the work it may have missed is there for it.
   */
  wake(count = Number.POSITIVE_INFINITY): void {
    this.generation += 1;
    for (const waiter of [...this.waiters].slice(0, count)) waiter();
  }

  /** Returns at the first wake after `seen`, or after `timeoutMs`. */
  async wait(seen: number, timeoutMs: number): Promise<void> {
    if (this.generation !== seen) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}

/** The longest delay setTimeout keeps (about 24.8 days); a later time is looked at again by then. */
const longestDelayMs = 2 ** 31 - 1;

/**
 * One timer for the earliest time a delivery becomes due: asked for several times, it keeps the earliest.
 * Its delays are measured on the dispatcher's clock, so a test's clock moved forward moves them too.
 */
export class DueTimer {
  private dueAt: number | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: () => Date,
    private readonly onDue: () => void,
  ) {}

  at(time: Date): void {
    const due = time.getTime();
    if (this.dueAt !== null && this.dueAt <= due) return;
    clearTimeout(this.timer);
    this.dueAt = due;
    // A millisecond late rather than early: a claim made before the due time would find nothing.
    const delay = Math.min(longestDelayMs, Math.max(0, due - this.clock().getTime() + 1));
    this.timer = setTimeout(() => {
      this.dueAt = null;
      this.onDue();
    }, delay);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.dueAt = null;
  }
}
