'use client';

import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, unknown>;
type FieldErrors<V> = Partial<Record<keyof V & string, string>>;
type Touched<V> = Partial<Record<keyof V & string, boolean>>;

/** The first message per top-level field; a form-level (refine) issue without a path is ignored here. */
export function collectErrors<V extends Values>(schema: z.ZodType<unknown, V>, values: V): FieldErrors<V> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<V>;
}

/** What a form field needs: spread it onto FormTextField, FormPasswordField or AutocompleteField. */
export interface BoundField<T> {
  name: string;
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  errorText: string | undefined;
  touched: boolean;
}

/**
 * The one form toolkit (R5.1): values checked against a zod schema from @vet/contracts on every change
 * and blur. Errors are kept for every field but fields show them only once touched (blurred, or after a
 * submit attempt). Fields are flat (top-level keys); nested objects are out of scope.
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(schema: S, initialValues: z.input<S>) {
  type V = z.input<S>;
  type Name = keyof V & string;
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Touched<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = useMemo(() => collectErrors(schema, values), [schema, values]);

  const setValue = useCallback(<N extends Name>(name: N, value: V[N]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
  }, []);
  const touch = useCallback((name: Name) => setTouched((previous) => ({ ...previous, [name]: true })), []);

  const field = <N extends Name>(name: N): BoundField<V[N]> => ({
    name,
    value: values[name],
    onChange: (value) => setValue(name, value),
    onBlur: () => touch(name),
    errorText: errors[name],
    touched: touched[name] ?? false,
  });

  /**
   * `<form onSubmit={form.handleSubmit(save)}>`: touches every field, and either focuses the first invalid
   * one or calls `save` with the parsed data, `submitting` being true until its promise settles. `save`
   * handles its own failures (a toast, an alert); a rejection it lets through is left unhandled.
   */
  const handleSubmit =
    (onValid: (data: z.output<S>) => void | Promise<void>) => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      if (submitting) return;
      setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Touched<V>);
      const result = schema.safeParse(values);
      if (!result.success) {
        focusFirstInvalid(event?.currentTarget, Object.keys(collectErrors(schema, values)));
        return;
      }
      setSubmitting(true);
      const submit = async () => {
        try {
          await onValid(result.data);
        } finally {
          setSubmitting(false);
        }
      };
      void submit();
    };

  const reset = (next: V = initialValues) => {
    setValues(next);
    setTouched({});
  };

  return {
    values,
    errors,
    touched,
    submitting,
    isValid: Object.keys(errors).length === 0,
    setValue,
    touch,
    field,
    handleSubmit,
    reset,
  };
}

/** After a failed submit, focus moves to the first field with an error (in document order). */
function focusFirstInvalid(form: HTMLFormElement | undefined, names: string[]): void {
  if (!form || names.length === 0) return;
  const invalid = Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && names.includes(element.getAttribute('name') ?? ''),
  );
  invalid?.focus();
}
