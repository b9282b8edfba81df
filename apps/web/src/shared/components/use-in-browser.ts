import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and in the render that hydrates the server's HTML, true from the render after: for
 * a part that reads this browser's storage or address as it mounts, which the server cannot know.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
