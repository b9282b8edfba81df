import { checkPassword } from '@vet/contracts/password-policy';
import { CancelIcon, CheckCircleIcon } from '@/shared/ui/icons';
import styles from './password-checklist.module.css';

/**
 * R5.5: each rule of the password policy, met or not. Meaning is carried by the icon's shape and by
 * text for screen readers, not by colour alone; changes are announced politely.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { rules } = checkPassword(password);
  return (
    <ul id={id} aria-live="polite" aria-label="Password requirements" className={styles.list}>
      {rules.map((rule) => (
        <li key={rule.id} data-met={rule.met} className={styles.rule}>
          {rule.met ? <CheckCircleIcon fontSize="small" /> : <CancelIcon fontSize="small" />}
          <span>
            {rule.label}
            <span className="visually-hidden">{rule.met ? ': met' : ': not met'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
