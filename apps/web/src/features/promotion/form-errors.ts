import { describeErrors, isApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * A save's error on the form: each field's first message (an entry's index dropped, so
 * `product_ids.1` shows on the products field), or a toast when no field is named.
 */
export function showFormErrors(error: unknown, setErrors: (errors: Record<string, string>) => void) {
  if (!isApiError(error) || error.notified) return;
  const onFields = Object.fromEntries(
    Object.entries(error.errors ?? {}).map(([field, messages]) => [field.replace(/\.\d+$/, ''), messages[0]]),
  );
  if (Object.keys(onFields).length) setErrors(onFields);
  else notifyError(error.errors ? describeErrors(error.errors) : error.message);
}
