import type { ReactNode } from 'react';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconHeart,
  IconMessageCircle,
  IconMessage2Dollar,
  IconNews,
  IconSparkles,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { type BuyerHome as Home, RECOMMENDATION_REASON_LABELS } from '@tradeloop/contracts/dashboard';
import { ENQUIRY_STATUSES, ENQUIRY_STATUS_LABELS, type EnquirySummary } from '@tradeloop/contracts/quotes';
import type { Room } from '@tradeloop/contracts/chat';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { dateLabel, initials, pluralize } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { CHAT_PATH } from '../../chat/chat-paths.ts';
import { ProductCard } from '../../market/components/ProductCard.tsx';
import { QUOTE_PATHS } from '../../quotes/paths.ts';
import { EnquiryRowBody } from '../../quotes/components/EnquiryRowBody.tsx';
import { STATUS_COLORS } from '../../quotes/enquiry-format.ts';
import { useBuyerHome } from '../api/get-buyer-home.ts';

/**
 * A buyer's home (issue 42; decision 066), as Alibaba.com's and IndiaMART's: what awaits their answer
 * first, their conversations, recommendations from their interests and browsing, the suppliers they
 * follow with their news, and their wishlist. One read: GET dashboard/buyer.
 */
export function BuyerHome() {
  const home = useBuyerHome();
  if (home.isPending) return <BuyerHomeSkeleton />;
  if (home.isError) {
    return (
      <Card>
        <ErrorState
          title="We could not load your sourcing"
          message={home.error.message}
          onRetry={() => void home.refetch()}
        />
      </Card>
    );
  }
  const { enquiries, conversations, following, wishlist, recommendations } = home.data;
  return (
    <Stack gap="xl">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <EnquiriesCard enquiries={enquiries} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ConversationsCard conversations={conversations} />
        </Grid.Col>
      </Grid>
      <Recommendations items={recommendations} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FollowingCard following={following} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <WishlistCard wishlist={wishlist} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const ROW_STYLE = { display: 'block', width: '100%', borderRadius: 'var(--mantine-radius-sm)' } as const;

/** A titled card of the home, with a link to the section's full page. */
function Section({
  id,
  title,
  icon,
  more,
  aside,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  more?: { to: string; label: string };
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card h="100%" component="section" aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap={8} wrap="nowrap">
          <Text c="brand.7" aria-hidden style={{ display: 'flex' }}>
            {icon}
          </Text>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {aside}
        </Group>
        {more && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** A short empty state inside a section: what is missing and where to start. */
function Nothing({ text, action }: { text: string; action: { to: string; label: string } }) {
  return (
    <Stack gap="xs" align="flex-start" py="sm">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      <Button component={Link} to={action.to} variant="light" size="xs">
        {action.label}
      </Button>
    </Stack>
  );
}

function EnquiriesCard({ enquiries }: { enquiries: Home['enquiries'] }) {
  const awaiting = enquiries.counts.answered;
  return (
    <Section
      id="home-enquiries"
      title="Your enquiries"
      icon={<IconMessage2Dollar size={20} />}
      more={{ to: QUOTE_PATHS.enquiries('sent'), label: 'All enquiries' }}
    >
      {enquiries.total === 0 ? (
        <Nothing
          text="Request a quote on any product: the sellers’ offers will wait for you here."
          action={{ to: PATHS.productList, label: 'Find products' }}
        />
      ) : (
        <Stack gap="sm">
          <Group gap={6} aria-label="Enquiries by status">
            {ENQUIRY_STATUSES.filter((status) => enquiries.counts[status] > 0).map((status) => (
              <Badge key={status} variant="light" color={STATUS_COLORS[status]} tt="none">
                {ENQUIRY_STATUS_LABELS[status]}: {enquiries.counts[status]}
              </Badge>
            ))}
          </Group>
          {awaiting > 0 && (
            <Text size="sm" fw={600} c="teal.9">
              {pluralize(awaiting, 'offer')} {awaiting === 1 ? 'awaits' : 'await'} your answer
            </Text>
          )}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {enquiries.items.map((enquiry) => (
              <li key={enquiry.id}>
                <EnquiryRow enquiry={enquiry} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

function EnquiryRow({ enquiry }: { enquiry: EnquirySummary }) {
  return (
    <UnstyledButton
      component={Link}
      to={QUOTE_PATHS.enquiries('sent', enquiry.id)}
      p={6}
      style={ROW_STYLE}
      data-testid="home-enquiry"
      data-status={enquiry.status}
    >
      <EnquiryRowBody
        enquiry={enquiry}
        badges={
          enquiry.status === 'answered' && (
            <Badge size="xs" variant="filled" color="teal.9" tt="none">
              Awaits your answer
            </Badge>
          )
        }
      />
    </UnstyledButton>
  );
}

function ConversationsCard({ conversations }: { conversations: Home['conversations'] }) {
  return (
    <Section
      id="home-conversations"
      title="Conversations"
      icon={<IconMessageCircle size={20} />}
      more={{ to: CHAT_PATH, label: 'Open chat' }}
      aside={
        conversations.unread_count > 0 && (
          <Badge color="red" variant="filled" tt="none" data-testid="home-unread-total">
            {pluralize(conversations.unread_count, 'unread message')}
          </Badge>
        )
      }
    >
      {conversations.items.length === 0 ? (
        <Nothing
          text="Chat with a supplier from any product or company page: your conversations show here."
          action={{ to: PATHS.productList, label: 'Find suppliers' }}
        />
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {conversations.items.map((room) => (
            <li key={room.room_id}>
              <ConversationRow room={room} />
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function ConversationRow({ room }: { room: Room }) {
  const unread = room.unread_count;
  const company = room.other_user?.company_name;
  return (
    <UnstyledButton
      component={Link}
      to={`${CHAT_PATH}?room=${room.room_id}`}
      p={6}
      style={ROW_STYLE}
      data-testid="home-conversation"
    >
      <Group wrap="nowrap" gap="sm">
        <Avatar src={room.avatar} radius="xl" size={36} alt="">
          {initials(room.name)}
        </Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="sm" fw={unread > 0 ? 700 : 600} lineClamp={1}>
              {room.name}
              {company ? ` · ${company}` : ''}
            </Text>
            {unread > 0 && (
              <Group gap={0} wrap="nowrap">
                <Badge size="sm" color="red" circle={unread < 10} data-testid="home-conversation-unread">
                  {unread > 99 ? '99+' : unread}
                </Badge>
                <span className="mk-visually-hidden">{unread === 1 ? ' unread message' : ' unread messages'}</span>
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {room.last_message?.message || room.product?.name || 'No messages yet'}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

function Recommendations({ items }: { items: Home['recommendations'] }) {
  return (
    <Section
      id="home-recommendations"
      title="Recommended for you"
      icon={<IconSparkles size={20} />}
      more={{ to: PATHS.productList, label: 'Browse all products' }}
    >
      {items.length === 0 ? (
        <Nothing
          text="Tell us the categories you buy, or look around the catalogue: we recommend products from both."
          action={{ to: PATHS.onboarding, label: 'Choose your interests' }}
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
          {items.map((product) => (
            <Stack key={product.id} gap={6} data-testid="home-recommendation" data-reason={product.reason}>
              <Badge
                size="sm"
                variant="light"
                color={product.reason === 'interests' ? 'brand' : 'grape'}
                tt="none"
                style={{ alignSelf: 'flex-start' }}
              >
                {RECOMMENDATION_REASON_LABELS[product.reason]}
                {product.category_name ? `: ${product.category_name}` : ''}
              </Badge>
              <ProductCard product={product} compact />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

function FollowingCard({ following }: { following: Home['following'] }) {
  return (
    <Section
      id="home-following"
      title="Suppliers you follow"
      icon={<IconBuildingStore size={20} />}
      more={{ to: PATHS.following, label: 'All followed' }}
    >
      {following.total === 0 ? (
        <Nothing
          text="Follow suppliers from their pages to hear of their new products and posts here."
          action={{ to: PATHS.suppliers, label: 'Discover suppliers' }}
        />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            {following.companies.map((company) => (
              <Button
                key={company.id}
                component={Link}
                to={miniSitePath(company.slug)}
                variant="default"
                size="xs"
                leftSection={
                  <Avatar size={18} radius="xl" alt="">
                    {initials(company.name)}
                  </Avatar>
                }
              >
                {company.name}
              </Button>
            ))}
          </Group>
          <div>
            <Group gap={6} mb={6}>
              <IconNews size={16} aria-hidden />
              <Text size="sm" fw={600} component="h3" m={0}>
                Their news
              </Text>
            </Group>
            {following.news.length === 0 ? (
              <Text size="sm" c="dimmed">
                No new products or posts yet.
              </Text>
            ) : (
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {following.news.map((item) => (
                  <li key={`${item.kind}-${item.id}`} data-testid="home-news">
                    <Group gap={6} wrap="nowrap" align="baseline">
                      <Badge size="xs" variant="light" color={item.kind === 'product' ? 'blue' : 'grape'} tt="none">
                        {item.kind === 'product' ? 'New product' : 'New post'}
                      </Badge>
                      <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={item.url} inherit>
                          {item.title}
                        </Anchor>{' '}
                        <Text span c="dimmed" inherit>
                          · {item.company_name} · {dateLabel(item.at)}
                        </Text>
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      )}
    </Section>
  );
}

function WishlistCard({ wishlist }: { wishlist: Home['wishlist'] }) {
  return (
    <Section
      id="home-wishlist"
      title="Your wishlist"
      icon={<IconHeart size={20} />}
      more={{ to: '/wishlist', label: 'See all' }}
      aside={
        wishlist.total > 0 && (
          <Badge variant="light" color="gray">
            {wishlist.total}
          </Badge>
        )
      }
    >
      {wishlist.total === 0 ? (
        <Nothing
          text="Tap the heart on a product to keep it here for later."
          action={{ to: PATHS.productList, label: 'Browse products' }}
        />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          {wishlist.items.map((product) => (
            <ProductCard key={product.id} product={product} compact />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

function BuyerHomeSkeleton() {
  return (
    <Grid gutter="lg" role="status" aria-busy="true" aria-label="Loading your sourcing">
      {[7, 5].map((span, index) => (
        <Grid.Col key={index} span={{ base: 12, md: span }}>
          <Card>
            <Stack gap={10}>
              <Skeleton h={18} w="40%" />
              {Array.from({ length: 3 }, (_, row) => (
                <Skeleton key={row} h={40} />
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
}
