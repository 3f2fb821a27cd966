import { Modal, Stack, Text } from '@mantine/core';
import { LOGOUT_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { ModalActions } from '../../components/ModalActions.tsx';

type LogoutConfirmModalProps = { opened: boolean; onCancel: () => void; onConfirm: () => void; loading: boolean };

/** The logout modal of spec section 2: signing out asks first; Cancel keeps the session. */
export function LogoutConfirmModal({ opened, onCancel, onConfirm, loading }: LogoutConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={LOGOUT_TEXTS.title} centered size="sm">
      <Stack gap="lg">
        <Text>{LOGOUT_TEXTS.body}</Text>
        <ModalActions
          cancelLabel={LOGOUT_TEXTS.cancel}
          onCancel={onCancel}
          submitLabel={LOGOUT_TEXTS.confirm}
          onSubmit={onConfirm}
          loading={loading}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
