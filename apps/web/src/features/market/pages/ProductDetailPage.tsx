import { lazy, Suspense } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Container,
  CopyButton,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import {
  IconAddressBook,
  IconBuildingStore,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandWhatsapp,
  IconBrandX,
  IconCheck,
  IconCircleCheckFilled,
  IconDownload,
  IconFileText,
  IconLink,
  IconMail,
  IconMapPin,
  IconPackageOff,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { COMBINATION_SEPARATOR, productTitle } from '@tradeloop/contracts/catalog-constants';
import { categoryPagePath } from '@tradeloop/contracts/market-category';
import type { MarketProduct, ProductPage } from '@tradeloop/contracts/market';
import { productKeyOf } from '@tradeloop/contracts/market-constants';
import { miniSitePath } from '@tradeloop/contracts/company-profile-constants';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { getCurrencyId } from '../../../lib/currency.ts';
import { initials, money, monthYear, quantityText, unitWord } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useOrigin } from '../../../lib/client.ts';
import { useSession } from '../../../lib/session.ts';
import { useTrackedProduct } from '../../../lib/tracking.ts';
import { QUOTE_OPEN_PARAM, QUOTE_OPEN_VALUE } from '../../quotes/quote-draft.ts';
import { useProductPage } from '../api/product-page.ts';
import { FollowButton } from '../../presence/components/FollowButton.tsx';
import { SocialLinks } from '../../presence/components/SocialLinks.tsx';
import { ChatNowButton } from '../components/ChatNowButton.tsx';
import { CurrencySelect } from '../components/CurrencySelect.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { ProductGallery } from '../components/ProductGallery.tsx';
import { WishlistButton } from '../components/WishlistButton.tsx';
import { AVAILABILITY_LABELS, priceText } from '../../../lib/product-format.ts';
import { SponsoredStrip } from '../components/SponsoredStrip.tsx';

const loadQuoteModal = () => import('../../quotes/components/QuoteModal.tsx');
/**
 * The quote form (with its date picker and their styles) loads when the buyer reaches for it, not
 * with the page: a visitor who only reads the product never runs it (decision 029).
 */
const QuoteModal = lazy(async () => ({ default: (await loadQuoteModal()).QuoteModal }));
const prepareQuoteModal = () => void loadQuoteModal();

function PriceBlock({ page }: { page: ProductPage }) {
  const { product } = page;
  if (product.tiers.length === 0) {
    return (
      <Stack gap={2}>
        <Text fw={800} size="xl" c="brand.8" data-testid="detail-price">
          {priceText(product)}
          {product.unit && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              / {product.unit}
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          Fixed price · {product.price_term}
        </Text>
        <PriceBasis page={page} />
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 2, sm: Math.min(product.tiers.length, 4) }} spacing="xs" data-testid="detail-price">
        {product.tiers.map((tier) => (
          <Paper key={tier.min} withBorder p="xs" radius="md" data-testid="price-tier">
            <Text fw={800} c="brand.8">
              {money(tier.per_unit, product.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {tier.min.toLocaleString('en')} – {tier.max.toLocaleString('en')} {unitWord(product.unit, tier.max)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <PriceBasis page={page} />
    </Stack>
  );
}

/** Decision 035: what the listed prices are for, so the quote's figure is no surprise. */
function PriceBasis({ page }: { page: ProductPage }) {
  const { product } = page;
  if (!product.priced_combination) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="price-basis">
      Prices for {product.priced_combination.split(COMBINATION_SEPARATOR).join(', ')}. The quote prices the
      configuration you choose
      {product.has_calculator ? ' with the seller’s calculator' : ''}.
    </Text>
  );
}

function Facts({ page }: { page: ProductPage }) {
  const { product } = page;
  const rows: [string, string | null][] = [
    ['Availability', AVAILABILITY_LABELS[product.availability]],
    ['Minimum order', product.quantity ? quantityText(product.quantity, product.unit) : null],
    ['Condition', product.condition],
    ['Brand', product.brand.name],
    ['Model', product.model_number],
    ['Manufacturing year', product.manufacturer_year ? String(product.manufacturer_year) : null],
    ['Dispatch', product.dispatch],
    ['Delivery', product.delivery],
    ['Production capacity', product.in_house_production],
    ['Stock', product.current_stock !== null ? quantityText(product.current_stock, product.unit) : null],
    ['Origin', product.origin.join(', ') || null],
    ['Price term', product.price_term],
    ['Seaport', product.sea_port],
    ['Airport', product.air_port],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {rows
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w="40%" c="dimmed" fw={500}>
                {name}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

function ShareLinks({ product }: { product: ProductPage['product'] }) {
  const url = `${useOrigin()}${product.product_url}`;
  const text = encodeURIComponent(product.name);
  const target = encodeURIComponent(url);
  const links = [
    {
      label: 'Share on Facebook',
      icon: IconBrandFacebook,
      href: `https://www.facebook.com/sharer/sharer.php?u=${target}`,
      track: 'facebook-social-sharing',
    },
    {
      label: 'Share on X',
      icon: IconBrandX,
      href: `https://twitter.com/intent/tweet?url=${target}&text=${text}`,
      track: 'twitter-social-sharing',
    },
    {
      // Instagram has no web share address: the link is copied (below) and Instagram opens to paste it.
      label: 'Share on Instagram',
      icon: IconBrandInstagram,
      href: 'https://www.instagram.com/',
      track: 'instagram-social-sharing',
    },
    {
      label: 'Share on LinkedIn',
      icon: IconBrandLinkedin,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${target}`,
      track: 'social-sharing',
    },
    {
      label: 'Share on WhatsApp',
      icon: IconBrandWhatsapp,
      href: `https://wa.me/?text=${text}%20${target}`,
      track: 'social-sharing',
    },
    {
      label: 'Share by e-mail',
      icon: IconMail,
      href: `mailto:?subject=${text}&body=${target}`,
      track: 'social-sharing',
    },
  ];
  return (
    <Group gap={6} aria-label="Share">
      <Text size="sm" c="dimmed">
        Share
      </Text>
      {links.map(({ label, icon: Icon, href, track }) => (
        <ActionIcon
          key={label}
          component="a"
          href={href}
          onClick={
            track === 'instagram-social-sharing'
              ? () => void navigator.clipboard?.writeText(url).catch(() => {})
              : undefined
          }
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          radius="xl"
          aria-label={label}
          className="mk-tip"
          data-tip={label}
          data-track={track}
        >
          <Icon size={16} />
        </ActionIcon>
      ))}
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="default"
            radius="xl"
            onClick={copy}
            aria-label="Copy link"
            className="mk-tip"
            data-tip={copied ? 'Link copied' : 'Copy link'}
            data-track="social-sharing"
          >
            {copied ? <IconCheck size={16} /> : <IconLink size={16} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

function SellerCard({ page, onContact }: { page: ProductPage; onContact: () => void }) {
  const { seller, product } = page;
  const { token, user } = useSession();
  const addContact = useMutation({
    mutationFn: () =>
      apiRequest<{ created: boolean }>('front/contact_list/add', {
        method: 'POST',
        body: { user_id: seller.seller_user_id },
      }),
    onSuccess: (result) => result.message && notifySuccess(result.message),
  });
  return (
    <Card padding="md" data-testid="seller-card">
      <Group wrap="nowrap" align="flex-start">
        <Avatar color="brand" radius="md" size={52}>
          {initials(seller.name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2} data-track="company-profile">
            {seller.name}
            {seller.member_type === 'Verified Supplier' && (
              <IconCircleCheckFilled
                size={15}
                color="var(--mantine-color-teal-6)"
                aria-label="Verified supplier"
                style={{ marginLeft: 4, verticalAlign: -2 }}
              />
            )}
          </Text>
          <Group gap={4} c="dimmed">
            <IconMapPin size={13} aria-hidden />
            <Text size="sm">{[seller.city, seller.country_name].filter(Boolean).join(', ') || 'Worldwide'}</Text>
          </Group>
        </div>
      </Group>
      <Group gap={6} mt="sm">
        <Badge variant="light">{seller.business_type}</Badge>
        <Badge variant="light" color={seller.member_type === 'Verified Supplier' ? 'teal' : 'gray'}>
          {seller.member_type}
        </Badge>
        {seller.plan_type !== 'Free' && (
          <Badge variant="light" color="accent">
            {seller.plan_type} member
          </Badge>
        )}
      </Group>
      <Table mt="sm" withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td c="dimmed">Member since</Table.Td>
            <Table.Td>{monthYear(seller.member_since)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Products</Table.Td>
            <Table.Td>{seller.products}</Table.Td>
          </Table.Tr>
          {seller.annual_revenue && (
            <Table.Tr>
              <Table.Td c="dimmed">Annual revenue</Table.Td>
              <Table.Td>{seller.annual_revenue}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" mt="sm">
        <Button
          component={Link}
          to={miniSitePath(seller.slug)}
          variant="default"
          leftSection={<IconBuildingStore size={16} aria-hidden />}
          data-track="visit-store-link"
        >
          Visit store
        </Button>
        <SocialLinks companyName={seller.name} accounts={seller.social} />
        <FollowButton companyId={seller.id} companyName={seller.name} followers={seller.followers} />
        <ChatNowButton
          companyId={seller.id}
          sellerUserId={seller.seller_user_id}
          product={{ id: product.id, title: productTitle(product), url: product.product_url }}
        />
        <Button
          variant="light"
          onClick={onContact}
          data-track="contact-seller"
          aria-describedby="contact-supplier-hint"
        >
          Contact supplier
        </Button>
        <Text size="xs" c="dimmed" id="contact-supplier-hint">
          Contact supplier sends a quote request; Chat now opens a conversation about this product.
        </Text>
        {token && user?.id !== seller.seller_user_id && (
          <Button
            variant="default"
            leftSection={<IconAddressBook size={16} />}
            onClick={() => addContact.mutate()}
            loading={addContact.isPending}
            data-track="add-to-contact"
          >
            Add to contacts
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function ProductRail({
  title,
  products,
  more,
}: {
  title: string;
  products: MarketProduct[];
  /** Where "View more" leads (the product's category page, decision 051). */
  more?: string;
}) {
  if (products.length === 0) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more} size="sm" data-track="view-more-pdp">
            View more
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {products.slice(0, 8).map((product) => (
          <ProductCard key={product.id} product={product} compact />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DetailTabs({ page }: { page: ProductPage }) {
  const { product, catalogs } = page;
  return (
    <Tabs defaultValue="overview" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="specifications" data-track="product-specifciation-Tab">
          Specifications
        </Tabs.Tab>
        <Tabs.Tab value="catalogs">Catalogs ({catalogs.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
          {product.choice_options.map((option) => (
            <Group key={option.name} gap={6}>
              <Text size="sm" fw={600} w={140}>
                {option.name.replace(/_/g, ' ')}
              </Text>
              {option.values.map((value) => (
                <Badge key={value} variant="outline" color="gray" radius="sm">
                  {value}
                </Badge>
              ))}
            </Group>
          ))}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="specifications" pt="md">
        {product.specifications.length === 0 ? (
          <Text c="dimmed">The seller has not listed specifications yet. Ask them in your quote request.</Text>
        ) : (
          <Stack gap="md">
            {product.specifications.map((group) => (
              <div key={group.name}>
                <Text fw={600} mb={4}>
                  {group.name}
                </Text>
                <Table striped withTableBorder fz="sm">
                  <Table.Tbody>
                    {group.items.map((item) => (
                      <Table.Tr key={item.name}>
                        <Table.Th w="40%">{item.name}</Table.Th>
                        <Table.Td>
                          {item.value}
                          {item.unit ? ` ${item.unit}` : ''}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            ))}
          </Stack>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="catalogs" pt="md">
        {catalogs.length === 0 ? (
          <Text c="dimmed">No catalog to download for this product.</Text>
        ) : (
          <Stack gap="xs">
            {catalogs.map((catalog) => (
              <Group key={catalog.id} justify="space-between">
                <Group gap="xs">
                  <IconFileText size={18} aria-hidden />
                  <Text size="sm">{catalog.title}</Text>
                </Group>
                <Button
                  component="a"
                  href={catalog.url}
                  download
                  variant="light"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  data-track="catalog-download"
                >
                  Download PDF
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

function DetailSkeleton() {
  return (
    <Grid gutter="xl" role="status" aria-busy="true" aria-label="Loading product">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius="lg" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Skeleton h={32} w="80%" />
          <Skeleton h={20} w="40%" />
          <Skeleton h={80} />
          <Skeleton h={200} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /productdetail/{id}, /productdetail/{category}/{company}/{slug} and /productdetail/{product_url} (spec section 2). */
export function ProductDetailPage() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const key = productKeyOf(params['*'] ?? '') ?? '';
  const currency = Number(searchParams.get('currency')) || getCurrencyId();
  const page = useProductPage(key, currency, searchParams.get('search_keyword'));
  // Back from signing in or up with a quote being configured: the modal opens again (issue 15).
  const [quoteOpened, quote] = useDisclosure(searchParams.get(QUOTE_OPEN_PARAM) === QUOTE_OPEN_VALUE);
  const product = page.data?.product;
  useDocumentTitle(product ? `${product.name} · ${page.data!.seller.name} · TradeLoop` : 'Product · TradeLoop');
  useTrackedProduct(product);

  if (page.isError) {
    const missing = isApiError(page.error) && page.error.status === 404;
    return (
      <Container size="md" py="xl">
        <Paper withBorder>
          {missing ? (
            <EmptyState
              icon={<IconPackageOff size={32} />}
              title="This product is not listed any more"
              description="The seller may have removed it. Similar products are one search away."
              action={
                <Button component={Link} to="/productlist">
                  Browse products
                </Button>
              }
            />
          ) : (
            <ErrorState onRetry={() => void page.refetch()} />
          )}
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      {!page.data || !product ? (
        <DetailSkeleton />
      ) : (
        <Stack gap="xl">
          <Breadcrumbs separator="›" fz="sm">
            <Anchor component={Link} to="/productlist">
              Products
            </Anchor>
            {product.categories.map((category) => (
              <Anchor key={category.id} component={Link} to={categoryPagePath([category.slug])}>
                {category.name}
              </Anchor>
            ))}
          </Breadcrumbs>
          <Grid gutter="xl">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ProductGallery product={product} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7, lg: 4 }}>
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={1} size="h2">
                    {productTitle(product)}
                  </Title>
                  <WishlistButton productId={product.id} name={product.name} />
                </Group>
                <Group gap={6}>
                  <Badge color={product.availability === 'in_stock' ? 'teal' : 'grape'} variant="light">
                    {AVAILABILITY_LABELS[product.availability]}
                  </Badge>
                  <Badge variant="light" color="gray">
                    {product.unique_number}
                  </Badge>
                  {product.has_calculator && (
                    <Badge variant="light" color="accent">
                      Configurable
                    </Badge>
                  )}
                </Group>
                <PriceBlock page={page.data} />
                <Group gap="xs">
                  <Button
                    size="md"
                    color="accent.7"
                    onClick={quote.open}
                    onPointerEnter={prepareQuoteModal}
                    onFocus={prepareQuoteModal}
                    data-track="getQuoteButton"
                  >
                    Get latest price
                  </Button>
                  <CurrencySelect
                    value={currency}
                    onChange={(next) => {
                      const updated = new URLSearchParams(searchParams);
                      updated.set('currency', String(next));
                      setSearchParams(updated, { replace: true });
                    }}
                  />
                </Group>
                <Facts page={page.data} />
                <ShareLinks product={product} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <SellerCard page={page.data} onContact={quote.open} />
            </Grid.Col>
          </Grid>
          <Card padding="lg">
            <DetailTabs page={page.data} />
          </Card>
          <SponsoredStrip query={{ product_id: product.id, currency }} />
          <ProductRail
            title="Related products"
            products={page.data.related_products}
            more={product.categories[0] ? categoryPagePath([product.categories[0].slug]) : undefined}
          />
          <ProductRail title={`More from ${page.data.seller.name}`} products={page.data.more_from_seller} />
          {quoteOpened && (
            <Suspense fallback={null}>
              <QuoteModal
                key={location.key}
                page={page.data}
                currency={currency}
                opened={quoteOpened}
                onClose={quote.close}
              />
            </Suspense>
          )}
        </Stack>
      )}
    </Container>
  );
}
