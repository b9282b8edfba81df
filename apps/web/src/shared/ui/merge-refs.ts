import type { Ref, RefCallback } from 'react';

/** One ref callback that sets every given ref (objects and callbacks; undefined ones are skipped). */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) ref.current = value;
    }
  };
}
