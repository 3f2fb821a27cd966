import { useState, type FormEvent } from 'react';
import { Alert, Button, Grid, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconLogin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { QUOTE_DEFAULT_QUANTITY, QUOTE_LIMITS } from '@tradeloop/contracts/quotes';
import { productTitle } from '@tradeloop/contracts/catalog-constants';
import { isApiError } from '../../../lib/api-client.ts';
import { authPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { randomId } from '../../../lib/storage.ts';
import { useProductSearch } from '../../market/api/search.ts';
import { useSubmitQuote } from '../../quotes/api/quote.ts';
import { useMiniSiteContext } from '../components/MiniSiteLayout.tsx';
import { registrationAddress } from '../components/ProfileFacts.tsx';

/**
 * The enquiry form: the quote request of the product page (POST front/getQuery/submit), about one of
 * the seller's products, with the buyer's quantity and message. The seller answers it under Enquiries.
 */
function EnquiryForm() {
  const { site, currency } = useMiniSiteContext();
  const { user } = useSession();
  const products = useProductSearch({ seller_id: site.company.seller_user_id, per_page: 50, currency, sort: 'newest' });
  const submit = useSubmitQuote();
  const [productId, setProductId] = useState<string | null>(
    site.featured_products[0] ? String(site.featured_products[0].id) : null,
  );
  const [quantity, setQuantity] = useState<number | string>(QUOTE_DEFAULT_QUANTITY);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = (products.data?.data ?? site.featured_products).map((product) => ({
    value: String(product.id),
    label: productTitle(product),
  }));
  const chosen = (products.data?.data ?? site.featured_products).find((product) => String(product.id) === productId);

  if (submit.isSuccess) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Enquiry sent" role="status">
        {site.company.name} will answer you under Enquiries; you will be notified.{' '}
        <Link to="/enquiries?type=sent">See your enquiries</Link>
      </Alert>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !user || site.company.seller_user_id === null) {
      setErrors({ product_id: 'Choose the product you are asking about.' });
      return;
    }
    setErrors({});
    submit.mutate(
      {
        unique_session_id: randomId(),
        seller_user_id: site.company.seller_user_id,
        enquiry_user_id: user.id,
        product_id: chosen.id,
        product_name: chosen.name,
        pre_title_name: chosen.pre_title_name ?? undefined,
        quantity: Number(quantity) || QUOTE_DEFAULT_QUANTITY,
        greeting_message: message.trim() || undefined,
        currency,
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.errors)
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]])));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Enquiry to ${site.company.name}`}>
      <Stack gap="sm">
        <Select
          label="Product"
          data={options}
          value={productId}
          onChange={setProductId}
          searchable
          required
          error={errors.product_id}
          nothingFoundMessage="No product matches"
        />
        <NumberInput
          label={`Quantity${chosen?.unit ? ` (${chosen.unit})` : ''}`}
          min={1}
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
        />
        <Textarea
          label="Message"
          placeholder="What you need, when, and where it goes"
          autosize
          minRows={4}
          maxLength={QUOTE_LIMITS.message}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={errors.greeting_message}
        />
        {submit.isError && !Object.keys(errors).length && (
          <Text c="red.8" size="sm" role="alert">
            {isApiError(submit.error) ? submit.error.message : 'The enquiry could not be sent. Try again.'}
          </Text>
        )}
        <Button type="submit" loading={submit.isPending} data-track="mini-site-enquiry" w="fit-content">
          Send enquiry
        </Button>
      </Stack>
    </form>
  );
}

/** /mini-site/{slug}/contact-us: the company's address and an enquiry form; visitors sign in first and come back. */
export function MiniSiteContactPage() {
  const { site } = useMiniSiteContext();
  const { company, profile } = site;
  const { token, user } = useSession();
  const location = useLocation();
  useDocumentTitle(`Contact us · ${company.name} · TradeLoop`);
  const address = registrationAddress(profile, company.country_name);
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Contact us
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <Title order={3} size="h4" mb="sm">
              Send an enquiry
            </Title>
            {!token ? (
              <Stack gap="sm" align="flex-start">
                <Text>Sign in to send {company.name} an enquiry; you will come back here.</Text>
                <Button
                  component={Link}
                  to={authPath('signin', `${location.pathname}${location.search}`)}
                  leftSection={<IconLogin size={16} />}
                  data-track="mini-site-signin"
                >
                  Sign in to contact
                </Button>
              </Stack>
            ) : user?.company_id === company.id ? (
              <Text c="dimmed">This is your own store: buyers send their enquiries from here.</Text>
            ) : company.seller_user_id === null || site.products === 0 ? (
              <Text c="dimmed">{company.name} has no products to ask about yet.</Text>
            ) : (
              <EnquiryForm />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg">
            <Title order={3} size="h4" mb="sm">
              Address
            </Title>
            {address.length ? (
              <Text component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
                {address.join('\n')}
              </Text>
            ) : (
              <Text c="dimmed">Not given.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
