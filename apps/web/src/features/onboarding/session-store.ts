/** Session storage that may be unavailable (some privacy modes): then nothing is kept, which is not an error. */
export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserSessionStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function read(store: Store | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(store: Store | undefined, entries: Record<string, string | null>): void {
  try {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    }
  } catch {
    // Storage refused (quota, privacy mode): the flow goes on without it.
  }
}
