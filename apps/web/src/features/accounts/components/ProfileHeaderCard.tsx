import { Avatar, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCrown, IconMail, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { Profile } from '@tradeloop/contracts/accounts';
import { initials, monthYear } from '../../../lib/format.ts';
import { EmailActions } from './EmailActions.tsx';
import { PasswordChangeButton } from './PasswordChange.tsx';

const USER_TYPE_LABELS = { seller: 'Seller', subuser: 'Team member', others: 'Buyer' } as const;

/** Who this profile is: photo, name, company, account facts. */
export function ProfileHeaderCard({ profile }: { profile: Profile }) {
  return (
    <Card>
      <Group wrap="nowrap" align="center" gap="lg">
        <Avatar src={profile.avatar_original || null} alt="" size={84} radius="xl" color="brand">
          {initials(profile.full_name)}
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} size="h2" lh={1.2}>
              {profile.full_name}
            </Title>
            <Badge variant="light">{USER_TYPE_LABELS[profile.user_type]}</Badge>
            <Tooltip label={`${profile.plan_status.name} plan`}>
              <Badge variant="outline" color="accent" leftSection={<IconCrown size={12} aria-hidden />}>
                {profile.plan_status.name}
              </Badge>
            </Tooltip>
          </Group>
          {profile.company_name && (
            <Text fw={600} c="dark.5">
              {profile.company_name}
            </Text>
          )}
          <Group gap="lg" c="dimmed">
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Text size="sm" truncate>
                {profile.email_id}
              </Text>
              {profile.email_verified && (
                <Tooltip label="E-mail verified">
                  <IconRosetteDiscountCheck
                    size={16}
                    color="var(--mantine-color-teal-6)"
                    aria-label="E-mail verified"
                  />
                </Tooltip>
              )}
            </Group>
            <EmailActions profile={profile} />
            <PasswordChangeButton />
            <Text size="sm">Member ID {profile.member_id}</Text>
            <Text size="sm">Joined {monthYear(profile.created_at)}</Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
