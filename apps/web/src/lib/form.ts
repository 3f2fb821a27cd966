import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { CLIENT_MESSAGES } from '@tradeloop/contracts/common-constants';
import { isApiError, type FieldErrors } from './api-client.ts';

/**
 * Validates Mantine form values with a contract schema (zod 4), so the form shows exactly the
 * messages the server would answer with. Only the first message of a field is shown.
 */
export function zodFormValidator<S extends z.ZodType>(schema: S) {
  return (values: unknown): FormErrors => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (path && !(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}

/** The server's field errors of a 409/422 answer, in the shape form.setErrors takes. */
export function toFormErrors(errors: FieldErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? '']));
}

/**
 * Puts a failed submission where the user will see it: field errors on their fields, anything
 * else (rate limits, conflicts without fields) in the form's alert, unless already toasted.
 */
export function showSubmitError(
  error: unknown,
  form: { setErrors: (errors: FormErrors) => void; values: object },
  setAlert: (message: string | null) => void,
) {
  if (!isApiError(error)) {
    setAlert(CLIENT_MESSAGES.serverError);
    return;
  }
  if (error.errors) {
    const fields = Object.keys(form.values);
    const onFields = Object.entries(error.errors).filter(([field]) => fields.includes(field));
    const elsewhere = Object.entries(error.errors).filter(([field]) => !fields.includes(field));
    form.setErrors(toFormErrors(Object.fromEntries(onFields)));
    setAlert(elsewhere.length ? elsewhere.flatMap(([, messages]) => messages).join(' ') : null);
    return;
  }
  setAlert(error.notified ? null : error.message);
}

/**
 * A failed call as a form shows it: the first message of each field, and the message for the form's
 * alert when the failure names no field (null when the api client has already told the user).
 */
export function apiFailure(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (!isApiError(error)) return { fields: {}, message: null };
  if (error.errors) return { fields: toFormErrors(error.errors) as Record<string, string>, message: null };
  return { fields: {}, message: error.notified ? null : error.message };
}
