import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, errorMessages } from './api-client';

/**
 * Form errors shown all at once: each field's first problem beside it (aria-invalid,
 * aria-describedby), and what belongs to no field in the form's banner. After a failed submit,
 * focus goes to the first invalid field, or to the banner when no field is at fault.
 */
export interface FormErrors {
  /** The first message per field name. */
  fields: Record<string, string>;
  /** Messages that name no field of this form. */
  other: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, other: [] };

export const hasErrors = (e: FormErrors) => e.other.length > 0 || Object.keys(e.fields).length > 0;

/** Adds a message for `field` unless one is already there (each field shows its first problem). */
function put(into: FormErrors, path: string | undefined, msg: string, known: readonly string[]) {
  // A body wrapped in an object ({ newAccount: { nickname } }) names `newAccount.nickname`.
  const field = path && (known.includes(path) ? path : known.find((k) => path.endsWith(`.${k}`)));
  if (field) {
    into.fields[field] ??= msg;
  } else if (!into.other.includes(msg)) {
    into.other.push(msg);
  }
}

/** A zod schema, as far as this needs one (the web app takes zod through @roundup/shared). */
interface Checkable {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks `value` against the same zod schema the server validates with, and sorts every problem
 * onto the form's fields (`known`: the field names the form shows).
 */
export function checkFields(schema: Checkable, value: unknown, known: readonly string[]): FormErrors {
  const result = schema.safeParse(value);
  const errors: FormErrors = { fields: {}, other: [] };
  if (result.success) return errors;
  for (const issue of result.error.issues) put(errors, issue.path.map(String).join('.') || undefined, issue.message, known);
  return errors;
}

/** Sorts a failed request's messages onto the fields the server named (`errors[].path`). */
export function serverErrors(error: unknown, known: readonly string[]): FormErrors {
  const errors: FormErrors = { fields: {}, other: [] };
  const messages = errorMessages(error);
  const paths = error instanceof ApiError ? error.paths : [];
  messages.forEach((msg, i) => put(errors, paths[i], stripPath(msg, paths[i]), known));
  return errors;
}

/** The server prefixes generic messages with their path ("email: Invalid email"); beside the field it is noise. */
function stripPath(msg: string, path: string | undefined): string {
  return path && msg.startsWith(`${path}: `) ? msg.slice(path.length + 2) : msg;
}

/** The props that tie a field to its message: `error` for TextField-like fields. */
export const fieldError = (errors: FormErrors, name: string) => errors.fields[name];

/**
 * Form error state with focus management: `show` sets the errors and, after React has rendered
 * them, focuses the first invalid control in `formRef` (or the banner, `[data-form-errors]`).
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  // A layout effect, so the focus has moved before the browser paints and before the member's next key:
  // a passive effect may run a frame later, after a fast Tab has already gone elsewhere.
  useLayoutEffect(() => {
    if (focusTick === 0) return;
    const form = formRef.current;
    const root = form?.closest('[data-form-scope]') ?? form?.parentElement ?? null;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[data-form-errors]');
    target?.focus();
  }, [focusTick]);

  const show = useCallback((next: FormErrors) => {
    setErrors(next);
    if (hasErrors(next)) setFocusTick((t) => t + 1);
  }, []);
  const clear = useCallback(() => setErrors(NO_ERRORS), []);
  /** Clears one field's message as the member corrects it. */
  const clearField = useCallback(
    (name: string) =>
      setErrors((e) => {
        if (!(name in e.fields)) return e;
        const fields = { ...e.fields };
        delete fields[name];
        return { ...e, fields };
      }),
    [],
  );
  /** Closes the banner (admin forms' alerts are dismissible, product.md#messages) and keeps the fields' messages. */
  const dismiss = useCallback(() => setErrors((e) => ({ ...e, other: [] })), []);
  /** An onChange that stores the value and clears that field's message. */
  const edit = useCallback(
    <T>(name: string, set: (value: T) => void) =>
      (value: T) => {
        set(value);
        clearField(name);
      },
    [clearField],
  );
  return { errors, show, clear, clearField, dismiss, edit, formRef };
}
