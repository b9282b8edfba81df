'use client';

import { Button } from '@/shared/ui/button';
import styles from './invoice-view.module.css';

/** Prints the page (the browser's own dialog); the print stylesheet makes the bill one A4 sheet. */
export function PrintButton() {
  return (
    <Button variant="outlined" className={styles.screenOnly} onClick={() => window.print()}>
      Print
    </Button>
  );
}
