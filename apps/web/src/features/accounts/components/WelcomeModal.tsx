import { Button, Group, Modal, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { WELCOME_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useDismissWelcome, useOnboarding } from '../api/onboarding.ts';

/**
 * The welcome modal of spec section 2: once, after onboarding is finished (decision 039). Its
 * dismissal is stored on the server, so it is not shown again on another device or browser.
 */
export function WelcomeModal() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const onboarding = useOnboarding();
  const dismiss = useDismissWelcome();
  const due = onboarding.data?.show_welcome === true && pathname !== PATHS.onboarding && !dismiss.isSuccess;

  const handleClose = () => {
    if (!dismiss.isPending) dismiss.mutate();
  };

  return (
    <Modal opened={due} onClose={handleClose} title={WELCOME_TEXTS.title} centered>
      <Text>{user?.user_type === 'others' ? WELCOME_TEXTS.buyer : WELCOME_TEXTS.seller}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={handleClose} loading={dismiss.isPending} data-autofocus>
          {WELCOME_TEXTS.start}
        </Button>
      </Group>
    </Modal>
  );
}
