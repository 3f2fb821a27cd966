import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { WELCOME_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useDismissWelcome, useOnboarding } from '../api/onboarding.ts';

/**
 * The welcome modal of spec section 2: once, after onboarding is finished (decision 039). It counts as
 * seen as soon as it shows, not when it is closed: leaving or reloading the page does not bring it back.
 * The server stores that, so it is not shown again on another device or browser either.
 */
export function WelcomeModal() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const onboarding = useOnboarding();
  const { mutate: markSeen, isIdle: notMarkedYet } = useDismissWelcome();
  const [shown, setShown] = useState(false);
  const [closed, setClosed] = useState(false);
  const due = onboarding.data?.show_welcome === true && pathname !== PATHS.onboarding && notMarkedYet;

  if (due && !shown) setShown(true);
  useEffect(() => {
    if (due) markSeen();
  }, [due, markSeen]);

  return (
    <Modal opened={shown && !closed} onClose={() => setClosed(true)} title={WELCOME_TEXTS.title} centered>
      <Text>{user?.user_type === 'others' ? WELCOME_TEXTS.buyer : WELCOME_TEXTS.seller}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => setClosed(true)} data-autofocus>
          {WELCOME_TEXTS.start}
        </Button>
      </Group>
    </Modal>
  );
}
