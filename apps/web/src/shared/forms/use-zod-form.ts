'use client';

import { useCallback, useContext, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { ToastContext } from '@/shared/toast/toast-context';

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

/**
 * A form's rules, loaded when they are first needed:
 * `() => import('@/features/x/x-form-schema').then((module) => module.xFormSchema)`. The schema module
 * (and zod with it) is then a chunk of its own, fetched when the person first types, leaves a field or
 * submits, not with the page (decision 0033). Keep the function's identity stable (module level, or
 * useCallback): a new function means new rules, loaded again.
 */
export type FormRules<S> = () => Promise<S>;

/** Rules already loaded, by their loader: a form opened again gets its rules at once. */
const loadedRules = new WeakMap<FormRules<unknown>, unknown>();

function loadRules<S>(rules: FormRules<S>): Promise<S> {
  return rules().then((schema) => {
    loadedRules.set(rules, schema);
    return schema;
  });
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
 * submit attempt). Fields are flat (top-level keys); nested objects are out of scope. The schema comes
 * from `rules`, loaded on the person's first change, blur or submit (FormRules); until then no field has
 * an error, and a submit waits for the rules (reading 'Submitting...'). If they cannot be loaded (the
 * connection dropped), the submit says R8.5's message and the values stay for the next try.
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(
  rules: FormRules<S>,
  initialValues: z.input<S>,
) {
  type V = z.input<S>;
  type Name = keyof V & string;
  const toast = useContext(ToastContext);
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Touched<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<{ rules: FormRules<S>; schema: S } | null>(null);
  const schema = loaded?.rules === rules ? loaded.schema : (loadedRules.get(rules) as S | undefined);
  // While new rules load, the fields keep the old ones' errors rather than flicker; a submit waits.
  const shown = schema ?? loaded?.schema;
  const errors = useMemo(() => (shown ? collectErrors(shown, values) : {}), [shown, values]);

  // New rules (register-pet's change with the chosen species) load at once if the old ones were in use.
  useEffect(() => {
    if (!wanted || schema) return;
    let current = true;
    void loadRules(rules).then(
      (next) => {
        if (current) setLoaded({ rules, schema: next });
      },
      () => {
        // The next change, blur or submit tries again.
        if (current) setWanted(false);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, schema, rules]);

  const setValue = useCallback(<N extends Name>(name: N, value: V[N]) => {
    setWanted(true);
    setValues((previous) => ({ ...previous, [name]: value }));
  }, []);
  const touch = useCallback((name: Name) => {
    setWanted(true);
    setTouched((previous) => ({ ...previous, [name]: true }));
  }, []);

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
      // React clears currentTarget once the handler returns, and the rules may arrive later.
      const formElement = event?.currentTarget ?? undefined;
      setWanted(true);
      setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Touched<V>);
      const send = async (checked: S) => {
        const result = checked.safeParse(values);
        if (!result.success) {
          setSubmitting(false);
          focusFirstInvalid(formElement, Object.keys(collectErrors(checked, values)));
          return;
        }
        setSubmitting(true);
        try {
          await onValid(result.data);
        } finally {
          setSubmitting(false);
        }
      };
      if (schema) {
        void send(schema);
        return;
      }
      setSubmitting(true);
      void loadRules(rules).then(send, () => {
        setSubmitting(false);
        toast?.showToast(submissionFailedMessage, 'error');
      });
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
