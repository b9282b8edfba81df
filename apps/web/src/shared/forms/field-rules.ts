/**
 * The field rules of R5.1 to R5.5 as pure functions, shared by every form field.
 */

/** R5.2: this message disappears as soon as the field has a value. */
export const reasonRequiredMessage = 'Please enter a reason';

/** R5.4: error messages longer than this are shown wrapped. */
export const wrapErrorsLongerThan = 33;

/** R5.5: the password checklist shows when the helper text contains this. */
export const passwordChecklistTrigger = 'Your password must contain';

export interface FieldErrorInput {
  error: string | undefined;
  touched: boolean;
  value: unknown;
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The error a field shows: none until touched, and never 'Please enter a reason' once it has a value. */
export function visibleFieldError({ error, touched, value }: FieldErrorInput): string | undefined {
  if (!touched || !error) return undefined;
  if (error === reasonRequiredMessage && hasValue(value)) return undefined;
  return error;
}

export function isLongError(message: string | undefined): boolean {
  return message !== undefined && message.length > wrapErrorsLongerThan;
}

/** R5.3: 'current/max', counted as the browser's maxlength counts (UTF-16 code units). */
export function characterCount(value: string, maxLength: number): string {
  return `${value.length}/${maxLength}`;
}

export function showsPasswordChecklist(helperText: string | undefined): boolean {
  return helperText?.includes(passwordChecklistTrigger) ?? false;
}
