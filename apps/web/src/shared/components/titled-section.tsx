import { useId, type ReactNode } from 'react';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import styles from './titled-section.module.css';

/** An outlined section of a page, named by its heading (a pet's details, a list of appointments). */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, styles.section)}>
      <h2 id={headingId} className={typography.gutterBottom}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface ListSectionProps<T> {
  title: string;
  /** Said instead of the list when it has no items. */
  empty: string;
  items: readonly T[];
  /** Each item's <li>, with its key. */
  children: (item: T) => ReactNode;
}

/** A TitledSection holding a plain list, or a line saying it is empty. */
export function ListSection<T>({ title, empty, items, children }: ListSectionProps<T>) {
  return (
    <TitledSection title={title}>
      {items.length === 0 ? <p>{empty}</p> : <ul className={styles.list}>{items.map(children)}</ul>}
    </TitledSection>
  );
}
