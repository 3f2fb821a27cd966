import { Anchor, Badge, Button, Card, Group, List, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fieldLabel, pathOfField } from '../profile-fields.ts';

type ProfileCompletionCardProps = {
  completeProfile: number;
  pendingFields: string[];
  /** Whether the user may open /profile (sub-users may not). */
  canEdit: boolean;
  maxPending?: number;
};

function ringColor(percent: number) {
  if (percent >= 100) return 'teal';
  if (percent >= 60) return 'brand';
  return 'accent';
}

/** Profile completion: the ring of complete_profile and what is still pending. */
export function ProfileCompletionCard({
  completeProfile,
  pendingFields,
  canEdit,
  maxPending = 6,
}: ProfileCompletionCardProps) {
  const percent = Math.max(0, Math.min(100, completeProfile));
  const shown = pendingFields.slice(0, maxPending);
  const more = pendingFields.length - shown.length;
  return (
    <Card data-testid="profile-completion" h="100%">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <RingProgress
          size={116}
          thickness={11}
          roundCaps
          sections={[{ value: percent, color: ringColor(percent) }]}
          label={
            <Text ta="center" fw={800} fz={22} data-testid="profile-completion-percent">
              {percent}%
            </Text>
          }
          role="img"
          aria-label={`Profile ${percent}% complete`}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4">
            {percent >= 100 ? 'Your profile is complete' : 'Complete your profile'}
          </Title>
          <Text size="sm" c="dimmed">
            {percent >= 100
              ? 'Buyers and sellers see a complete, trustworthy profile.'
              : canEdit
                ? 'Complete profiles get more replies to quotes and enquiries.'
                : 'Your company’s owner can fill these in for you.'}
          </Text>
          {shown.length > 0 && (
            <>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt={4}>
                Still missing
              </Text>
              <List size="sm" spacing="xs" listStyleType="none" data-testid="pending-fields">
                {shown.map((field) => (
                  <List.Item key={field}>
                    {canEdit ? (
                      <Anchor component={Link} to={pathOfField(field)} size="sm">
                        {fieldLabel(field)}
                      </Anchor>
                    ) : (
                      fieldLabel(field)
                    )}
                  </List.Item>
                ))}
                {more > 0 && (
                  <List.Item>
                    <Badge variant="light" color="gray" size="sm">
                      +{more} more
                    </Badge>
                  </List.Item>
                )}
              </List>
            </>
          )}
          {percent >= 100 && (
            <Group gap={6} c="teal">
              <IconCircleCheck size={18} aria-hidden />
              <Text size="sm" fw={600}>
                Nothing pending
              </Text>
            </Group>
          )}
          {canEdit && percent < 100 && (
            <Button
              component={Link}
              to={pathOfField(pendingFields[0] ?? 'full_name')}
              variant="light"
              size="xs"
              rightSection={<IconArrowRight size={14} />}
              mt={6}
              style={{ alignSelf: 'flex-start' }}
            >
              Complete profile
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
