'use client';

import Button, { type ButtonProps } from '@mui/material/Button';
import { styled } from '@mui/material/styles';

const UnderlinedButton = styled(Button)({
  minHeight: 44,
  textDecoration: 'underline',
  '&:hover': { textDecoration: 'underline' },
});

/** R2.25: a text-style button, underlined so it reads as actionable without colour, at least 44px high. */
export function TextButton(props: Omit<ButtonProps, 'variant'>) {
  return <UnderlinedButton variant="text" {...props} />;
}
