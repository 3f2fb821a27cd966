import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { authPath } from '../../../lib/paths.ts';
import { pluralize } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useFollowedIds, useToggleFollow } from '../api/follows.ts';

type FollowButtonProps = { companyId: number; companyName: string; followers: number };

/**
 * Follow a supplier (decision 043): its new products reach the buyer's notifications. Visitors are
 * sent to sign in first; a company's own people never see it.
 */
export function FollowButton({ companyId, companyName, followers }: FollowButtonProps) {
  const { token, user } = useSession();
  const location = useLocation();
  const followed = useFollowedIds();
  const toggle = useToggleFollow();
  if (user?.company_id === companyId) return null;
  const following = followed.data?.has(companyId) ?? false;
  const common = {
    variant: following ? 'light' : 'default',
    leftSection: following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />,
    'data-track': 'follow-company',
    'aria-describedby': `followers-${companyId}`,
  } as const;
  const label = following ? `Following ${companyName}` : `Follow ${companyName}`;
  return (
    <Group gap="xs" wrap="nowrap">
      {token ? (
        <Button
          {...common}
          aria-pressed={following}
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ companyId, follow: !following })}
        >
          {label}
        </Button>
      ) : (
        <Button {...common} component={Link} to={authPath('signin', `${location.pathname}${location.search}`)}>
          {label}
        </Button>
      )}
      <Text size="xs" c="dimmed" id={`followers-${companyId}`}>
        {pluralize(followers, 'follower')}
      </Text>
    </Group>
  );
}
