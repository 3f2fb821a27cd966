import { Button, Group } from '@mantine/core';

type ModalActionsProps = {
  /** The dismissing button's label (Cancel, Not now …). */
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: string;
  /** Without it the main button submits its form. */
  onSubmit?: () => void;
  loading?: boolean;
  color?: string;
};

/** The foot of a modal: dismiss on the left of the main action, both on the right. */
export function ModalActions({
  cancelLabel = 'Cancel',
  onCancel,
  submitLabel,
  onSubmit,
  loading,
  color,
}: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={loading} color={color}>
        {submitLabel}
      </Button>
    </Group>
  );
}
