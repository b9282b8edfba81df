import styles from './unread-count.module.css';

/** Beside the Messages link: the answers not yet read, a badge to the eye and words to a screen reader. */
export function UnreadCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{`${count} unread ${count === 1 ? 'answer' : 'answers'}`}</span>
    </span>
  );
}
