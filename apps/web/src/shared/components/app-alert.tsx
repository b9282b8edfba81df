import type { ReactNode } from 'react';
import { cx } from '@/shared/ui/cx';
import { IconButton } from '@/shared/ui/icon-button';
import {
  CloseIcon,
  ErrorOutlineIcon,
  InfoOutlinedIcon,
  ReportProblemOutlinedIcon,
  SuccessOutlinedIcon,
} from '@/shared/ui/icons';
import styles from './app-alert.module.css';

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

export interface AppAlertProps {
  severity: AlertSeverity;
  title?: ReactNode;
  children: ReactNode;
  /** Given, the alert has a close button whose accessible text is 'Close' (R8.9). */
  onClose?: () => void;
  /** A control at the alert's end, such as a Retry button (instead of the close button). */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

const icons = {
  success: SuccessOutlinedIcon,
  info: InfoOutlinedIcon,
  warning: ReportProblemOutlinedIcon,
  error: ErrorOutlineIcon,
} as const;

/**
 * R8.9: alerts in four severities. Each shows its severity's icon as well as its colour; errors and
 * warnings are role alert (announced at once), success and information role status (politely).
 */
export function AppAlert({ severity, title, children, onClose, action, className, ...rest }: AppAlertProps) {
  const Icon = icons[severity];
  return (
    <div
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      className={cx(styles.root, styles[severity], className)}
      data-testid={rest['data-testid']}
    >
      <div className={styles.icon}>
        <Icon fontSize="inherit" />
      </div>
      <div className={styles.message}>
        {title && <div className={styles.title}>{title}</div>}
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
      {onClose && !action && (
        <div className={styles.action}>
          <IconButton aria-label="Close" title="Close" size="small" color="inherit" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </div>
      )}
    </div>
  );
}
