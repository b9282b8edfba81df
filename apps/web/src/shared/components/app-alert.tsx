import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

export interface AppAlertProps {
  severity: AlertSeverity;
  title?: ReactNode;
  children: ReactNode;
  /** Given, the alert has a close button whose accessible text is 'Close' (R8.9). */
  onClose?: () => void;
  'data-testid'?: string;
}

/**
 * R8.9: alerts in four severities. Each shows its severity's icon as well as its colour; errors and
 * warnings are role alert (announced at once), success and information role status (politely).
 */
export function AppAlert({ severity, title, children, onClose, ...rest }: AppAlertProps) {
  return (
    <Alert
      severity={severity}
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      closeText="Close"
      onClose={onClose}
      data-testid={rest['data-testid']}
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  );
}
