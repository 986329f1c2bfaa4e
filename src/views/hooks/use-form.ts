import { useId, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '../../domain/forms/fields';

/** What a submit handler answers: nothing on success, the server's messages otherwise. */
export type SubmitOutcome = void | { errors: string[] };

export type FormState<Field extends string, Output> = {
  values: Record<Field, string>;
  setValue(field: Field, value: string): void;
  /** Replaces some values (after a success, to clear passwords); keeps the rest. */
  reset(values?: Partial<Record<Field, string>>): void;
  /** Props for a field component: id, name, value, change and blur handlers, messages. */
  field(name: Field): FieldBinding;
  /** Messages per field, from the schema or from the server ("email: …"); updated on blur. */
  errors: FieldErrors<Field>;
  /**
   * The field messages as of the last submit, for the error summary. It changes only on
   * submit: a summary shrinking on blur would move the button away from under the pointer.
   */
  summaryErrors: FieldErrors<Field>;
  /** The server's messages that are about no one field. */
  formErrors: string[];
  submitting: boolean;
  /** Grows on every failed submit, so the error summary knows when to take focus. */
  failures: number;
  idOf(field: string): string;
  handleSubmit(
    onValid: (data: Output) => Promise<SubmitOutcome> | SubmitOutcome,
  ): (event: FormEvent) => void;
};

export type FieldBinding = {
  id: string;
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur(event?: FocusEvent): void;
  errors: string[] | undefined;
};

const unexpectedErrorMessage = '送信できませんでした。もう一度お試しください。';

/**
 * Form state checked with a zod schema from src/domain/forms, the same one the server runs:
 * on submit, then per field on blur once a submit was tried. Server messages written as
 * "field: message" are shown at that field too; the typed values are never cleared by an error.
 */
export function useForm<S extends z.ZodMiniType, Field extends keyof z.input<S> & string>(
  schema: S,
  initialValues: Record<Field, string>,
): FormState<Field, z.output<S>> {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [summaryErrors, setSummaryErrors] = useState<FieldErrors<Field>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failures, setFailures] = useState(0);
  // A ref as well as state: a second click in the same frame must not send twice.
  const inFlight = useRef(false);

  const idOf = (field: string) => `${formId}-${field}`;
  const fields = Object.keys(initialValues) as Field[];

  const setValue = (field: Field, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const validateOnBlur = (field: Field, event?: FocusEvent) => {
    if (!submitted) return;
    // Focus going to a submit button: the submit validates anyway, and a message vanishing
    // now would shift the button between mousedown and mouseup, losing the click.
    const next = event?.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === 'submit') return;
    const fresh = fieldErrors(schema.safeParse(values)) as FieldErrors<Field>;
    setErrors((current) => {
      const next: FieldErrors<Field> = {};
      for (const name of fields) {
        // The blurred field gets its fresh messages; others only lose messages that are fixed.
        const messages = name === field || !fresh[name] ? fresh[name] : current[name];
        if (messages?.length) next[name] = messages;
      }
      return next;
    });
  };

  const showServerErrors = (messages: string[]) => {
    const byField: FieldErrors<Field> = {};
    const general: string[] = [];
    for (const message of messages) {
      const match = /^([A-Za-z_][\w]*): (.+)$/s.exec(message);
      const field = match?.[1] as Field | undefined;
      if (match && field && fields.includes(field))
        (byField[field] ??= []).push(match[2] ?? message);
      else general.push(message);
    }
    setErrors(byField);
    setSummaryErrors(byField);
    setFormErrors(general);
    setFailures((n) => n + 1);
  };

  const handleSubmit =
    (onValid: (data: z.output<S>) => Promise<SubmitOutcome> | SubmitOutcome) =>
    (event: FormEvent) => {
      event.preventDefault();
      if (inFlight.current) return;
      setSubmitted(true);
      const result = schema.safeParse(values);
      if (!result.success) {
        const found = fieldErrors(result) as FieldErrors<Field>;
        setErrors(found);
        setSummaryErrors(found);
        setFormErrors([]);
        setFailures((n) => n + 1);
        return;
      }
      setErrors({});
      setSummaryErrors({});
      setFormErrors([]);
      inFlight.current = true;
      setSubmitting(true);
      void (async () => {
        try {
          const outcome = await onValid(result.data);
          if (outcome && outcome.errors.length > 0) showServerErrors(outcome.errors);
        } catch {
          showServerErrors([unexpectedErrorMessage]);
        } finally {
          inFlight.current = false;
          setSubmitting(false);
        }
      })();
    };

  return {
    values,
    setValue,
    reset: (next = initialValues) => {
      setValues((current) => ({ ...current, ...next }));
      setErrors({});
      setSummaryErrors({});
      setFormErrors([]);
      setSubmitted(false);
    },
    field: (name) => ({
      id: idOf(name),
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: (event) => validateOnBlur(name, event),
      errors: errors[name],
    }),
    errors,
    summaryErrors,
    formErrors,
    submitting,
    failures,
    idOf,
    handleSubmit,
  };
}
