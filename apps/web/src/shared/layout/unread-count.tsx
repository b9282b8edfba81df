import styles from './unread-count.module.css';

/**
 * Beside the Messages link: the answers not yet read, a badge to the eye, "2 unread" to a screen reader.
 * Short: it is in the frame of every page, each at its page-weight budget (decision 0149).
 */
export function UnreadCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className={styles.badge}>
      {count} <span className="visually-hidden">unread</span>
    </span>
  );
}
