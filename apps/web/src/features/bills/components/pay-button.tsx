'use client';

import { useFormStatus } from 'react-dom';
import { Button } from '@/shared/ui/button';

/** The pay form's button: pressed once, it waits, so a second press cannot start a second payment. */
export function PayButton({ label }: { label: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant="contained" disabled={pending} aria-disabled={pending}>
      {pending ? 'Opening the payment page…' : label}
    </Button>
  );
}
