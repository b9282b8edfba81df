import styles from './skip-link.module.css';

/** Lets keyboard users jump past the header to the page's main content (WCAG 2.4.1). */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a href={`#${targetId}`} className={styles.root}>
      Skip to main content
    </a>
  );
}
