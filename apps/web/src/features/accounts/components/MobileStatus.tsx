import { useState } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Profile } from '@tradeloop/contracts/accounts';
import { MobileVerificationModal } from './MobileVerificationModal.tsx';

/** Beside the profile's mobile fields: verified, or a button that opens the mobile modal. */
export function MobileStatus({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const verified = profile.mobile_verified === 'verified';
  return (
    <Group gap="sm">
      {verified ? (
        <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
          Mobile number verified
        </Badge>
      ) : (
        <Button variant="light" size="xs" onClick={() => setOpen(true)}>
          {profile.mobile ? 'Verify mobile number' : 'Add and verify a mobile number'}
        </Button>
      )}
      {verified && (
        <Button variant="subtle" size="xs" onClick={() => setOpen(true)}>
          Change mobile number
        </Button>
      )}
      {open && (
        <MobileVerificationModal
          profile={profile}
          mode={profile.mobile && !verified ? 'old' : 'new'}
          opened
          onClose={() => setOpen(false)}
        />
      )}
    </Group>
  );
}
