import { Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCircleCheckFilled,
  IconClockHour4,
  IconMapPin,
  IconMessageCircle,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { RESPONSE_WINDOW_DAYS, type DirectorySeller } from '@tradeloop/contracts/directory';
import { countryName, initials, monthYear, replyTimeText, yearsOnTradeLoop } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { chatLink } from '../../chat/chat-paths.ts';
import { SellerRating } from '../../market/components/ProductCard.tsx';
import { COMPANY_TYPE_COLORS } from '../company-types.ts';

type SupplierCardProps = { seller: DirectorySeller };

export function SupplierCard({ seller }: SupplierCardProps) {
  const color = COMPANY_TYPE_COLORS[seller.company_type];
  const location = [seller.city, seller.country && countryName(seller.country)].filter(Boolean).join(', ');
  const { user } = useSession();
  const ownCompany = user?.company_id === seller.company_id;
  return (
    <Card component="article" data-testid="supplier-card" h="100%" aria-labelledby={`supplier-${seller.company_id}`}>
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Avatar src={seller.logo} color={color} radius="md" size={48} aria-hidden>
            {initials(seller.company_name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} fz="md" lh={1.3} lineClamp={2} id={`supplier-${seller.company_id}`}>
              {seller.company_name}
            </Title>
            <Group gap={6}>
              <Badge
                color={color}
                variant="light"
                size="sm"
                data-testid="supplier-type"
                style={{ alignSelf: 'flex-start' }}
              >
                {seller.company_type}
              </Badge>
              {seller.member_type === 'Verified Supplier' && (
                <Badge
                  color="teal"
                  variant="light"
                  size="sm"
                  leftSection={<IconCircleCheckFilled size={12} aria-hidden />}
                  data-testid="supplier-verified"
                >
                  Verified
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Stack gap={6} mt="auto">
          <SellerRating rating={seller.rating} />
          {seller.response && <ResponseLine response={seller.response} />}
          {location && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm" truncate>
                <VisuallyHidden>Location: </VisuallyHidden>
                {location}
              </Text>
            </Group>
          )}
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconUser size={16} aria-hidden />
            <Text size="sm" truncate>
              {seller.seller_name}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm" data-testid="supplier-since">
              {yearsOnTradeLoop(seller.member_since)} · since {monthYear(seller.member_since)}
            </Text>
          </Group>
          {!ownCompany && (
            <Button
              component={Link}
              to={chatLink({ companyId: seller.company_id }, user?.user_type)}
              variant="light"
              size="xs"
              mt={4}
              leftSection={<IconMessageCircle size={14} />}
              aria-label={`Chat now with ${seller.company_name}`}
              data-track="chat-now"
            >
              Chat now
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** How the supplier answered recent quote requests: "Replies to 75% · within 5 hours". */
function ResponseLine({ response }: { response: NonNullable<DirectorySeller['response']> }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      <IconClockHour4 size={16} aria-hidden />
      <Text size="sm" truncate data-testid="supplier-response">
        <VisuallyHidden>{`Quote requests of the last ${RESPONSE_WINDOW_DAYS} days: `}</VisuallyHidden>
        Replies to {response.rate}%{response.median_seconds !== null && ` · ${replyTimeText(response.median_seconds)}`}
      </Text>
    </Group>
  );
}

export function SupplierCardSkeleton() {
  return (
    <Card h="100%" aria-hidden>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Skeleton h={48} w={48} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={14} w="85%" />
          <Skeleton h={18} w={90} radius="xl" />
        </Stack>
      </Group>
      <Stack gap={10} mt="lg">
        <Skeleton h={10} w="70%" />
        <Skeleton h={10} w="55%" />
        <Skeleton h={10} w="60%" />
      </Stack>
    </Card>
  );
}
