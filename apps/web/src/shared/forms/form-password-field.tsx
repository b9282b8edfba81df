'use client';

import { useId, useState } from 'react';
import { IconButton } from '@/shared/ui/icon-button';
import { VisibilityIcon, VisibilityOffIcon } from '@/shared/ui/icons';
import { showsPasswordChecklist } from './field-rules';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { PasswordChecklist } from './password-checklist';
import { InputAdornment } from './text-field';

export type FormPasswordFieldProps = Omit<FormTextFieldProps, 'type' | 'endAdornment' | 'describedBy'>;

/**
 * A password field with a show/hide button. When the helper text contains 'Your password must contain'
 * (use PASSWORD_HELPER_TEXT from @vet/contracts/password-policy), the policy checklist shows under it.
 */
export function FormPasswordField(props: FormPasswordFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const checklistId = `${id}-checklist`;
  const [visible, setVisible] = useState(false);
  const checklist = showsPasswordChecklist(props.helperText);
  return (
    <div>
      <FormTextField
        autoComplete="current-password"
        {...props}
        id={id}
        type={visible ? 'text' : 'password'}
        describedBy={checklist ? checklistId : undefined}
        endAdornment={
          <InputAdornment>
            <IconButton
              aria-label="Show password"
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
              edge="end"
            >
              {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </InputAdornment>
        }
      />
      {checklist && <PasswordChecklist id={checklistId} password={props.value ?? ''} />}
    </div>
  );
}
