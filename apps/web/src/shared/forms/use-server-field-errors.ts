'use client';

import { useEffect, useState, type RefObject } from 'react';
import { apiProblem } from '@/shared/api/api-problem';
import type { BoundField } from './use-zod-form';

/**
 * The API's 400 issues on the form's own fields (R5.1): each shows under its field, as the form's own
 * errors do, until that field is changed, and the focus goes to the first field concerned. One piece for
 * every form that submits to the API.
 */
export function useServerFieldErrors<N extends string>(formRef: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<Partial<Record<N, string>>>({});
  const [focusField, setFocusField] = useState<{ name: string } | null>(null);
  useEffect(() => {
    if (focusField) formRef.current?.querySelector<HTMLElement>(`[name="${focusField.name}"]`)?.focus();
  }, [focusField, formRef]);

  /** The field with the API's error on it, if any: shown at once, dropped on the next change. */
  const withServerError = <T>(name: N, field: BoundField<T>): BoundField<T> => {
    const serverError = errors[name];
    return {
      ...field,
      errorText: serverError ?? field.errorText,
      touched: field.touched || serverError !== undefined,
      onChange: (value: T) => {
        if (serverError !== undefined) setErrors(({ [name]: _dropped, ...rest }) => rest as typeof errors);
        field.onChange(value);
      },
    };
  };

  /**
   * Puts each issue of a failed call that names one of the form's fields (`fieldOf`) under that field
   * and focuses the first; answers whether any did (if not, the caller says what went wrong instead).
   */
  const showIssues = (error: unknown, fieldOf: (path: string) => N | null | undefined): boolean => {
    const onFields = Object.fromEntries(
      apiProblem(error).issues.flatMap((issue) => {
        const field = fieldOf(issue.path);
        return field ? [[field, issue.message]] : [];
      }),
    ) as Partial<Record<N, string>>;
    setErrors(onFields);
    const first = Object.keys(onFields)[0];
    if (first) setFocusField({ name: first });
    return first !== undefined;
  };

  return { withServerError, showIssues };
}
