import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** A message inside a form or modal: an error (read out at once) or an outcome (a status). */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  const success = tone === 'success';
  return (
    <Alert
      color={success ? 'teal' : 'red'}
      variant="light"
      icon={success ? <IconCircleCheck size={16} /> : <IconAlertCircle size={16} />}
      role={success ? 'status' : 'alert'}
    >
      {message}
    </Alert>
  );
}
