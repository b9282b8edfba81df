import type { ReactNode } from 'react';
import styles from './section.module.css';

/** A titled part of a form, on a white card over the page's grey (R2.3). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={styles.root}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
