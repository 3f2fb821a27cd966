import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  FileInput,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconClipboardList, IconPaperclip } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  BUYING_REQUEST_LIMITS,
  BUYING_REQUEST_MESSAGES,
  BUYING_REQUEST_PATHS,
  buyingRequestBodySchema,
} from '@tradeloop/contracts/buying-requests';
import { zodFormValidator, showSubmitError } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { authPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useCountryOptions } from '../../reference/api/get-countries.ts';
import { usePostBuyingRequest, useRequestOptions } from '../api/buying-requests.ts';
import { clearDraft, readDraft, saveDraft, type BuyingRequestDraft } from '../draft.ts';

const EMPTY: BuyingRequestDraft = {
  category_id: '',
  product_keyword: '',
  quantity: '',
  unit_id: '',
  target_price: '',
  currency_id: '',
  country_code: '',
  port: '',
  required_by: '',
  requirements: '',
};

const today = () => new Date().toISOString().slice(0, 10);
const megabytes = BUYING_REQUEST_LIMITS.attachmentMaxBytes / 1_048_576;

/**
 * /questionnaire: "Post a buying request" (issue 45, decision 055). A buyer says what they need; the
 * server sends it to the suppliers whose catalogue matches. A visitor fills it in, then signs in or
 * signs up and comes back to what they typed.
 */
export function QuestionnairePage() {
  useDocumentTitle(`${BUYING_REQUEST_MESSAGES.heading} · TradeLoop`);
  const { token } = useSession();
  const options = useRequestOptions();
  const { countries, options: countryOptions } = useCountryOptions();
  const navigate = useNavigate();
  const post = usePostBuyingRequest();
  const [files, setFiles] = useState<File[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<BuyingRequestDraft>({
    mode: 'controlled',
    initialValues: readDraft() ?? EMPTY,
    validate: zodFormValidator(buyingRequestBodySchema),
    validateInputOnBlur: true,
  });

  const categoryOptions = useMemo(
    () =>
      (options.data?.categories ?? []).map((category) => ({
        value: String(category.id),
        label: category.path || category.name,
      })),
    [options.data],
  );
  const unitOptions = (options.data?.units ?? []).map((unit) => ({ value: String(unit.id), label: unit.name }));
  const currencyOptions = (options.data?.currencies ?? []).map((currency) => ({
    value: String(currency.id),
    label: `${currency.code} (${currency.symbol})`,
  }));
  const tooLarge = files.find((file) => file.size > BUYING_REQUEST_LIMITS.attachmentMaxBytes);

  const handleSubmit = form.onSubmit((values) => {
    setAlert(null);
    post.mutate(
      { fields: values, files },
      {
        onSuccess: (result) => {
          clearDraft();
          notifySuccess(result.message ?? BUYING_REQUEST_MESSAGES.posted(result.data.suppliers));
          void navigate(BUYING_REQUEST_PATHS.detail(result.data.id));
        },
        onError: (error) => showSubmitError(error, form, setAlert),
      },
    );
  });

  const keepDraft = () => saveDraft(form.getValues());

  return (
    <Container size="md" py="xl">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                <IconClipboardList size={26} />
              </ThemeIcon>
              <div>
                <Title order={1} size="h2">
                  {BUYING_REQUEST_MESSAGES.heading}
                </Title>
                <Text c="dimmed" size="sm">
                  Describe what you need once: it goes to the suppliers whose catalogue matches, and their answers come
                  back to you on one page.
                </Text>
              </div>
            </Group>
            {token && (
              <Anchor component={Link} to={BUYING_REQUEST_PATHS.list} size="sm">
                My buying requests
              </Anchor>
            )}
          </Group>

          {options.isError ? (
            <ErrorState
              title="We could not load the form"
              message={options.error.message}
              onRetry={() => void options.refetch()}
            />
          ) : options.isPending ? (
            <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the form">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} h={36} />
              ))}
            </Stack>
          ) : (
            <form onSubmit={handleSubmit} noValidate aria-label={BUYING_REQUEST_MESSAGES.heading}>
              <Stack gap="md">
                <Grid gutter="md">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Select
                      label="Category"
                      placeholder="Search the categories"
                      data={categoryOptions}
                      searchable
                      required
                      nothingFoundMessage="No category matches"
                      {...form.getInputProps('category_id')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Product"
                      description="Optional: the product you have in mind"
                      placeholder="e.g. Stainless steel water pump"
                      maxLength={BUYING_REQUEST_LIMITS.keyword}
                      {...form.getInputProps('product_keyword')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <TextInput label="Quantity" inputMode="decimal" required {...form.getInputProps('quantity')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Select label="Unit" data={unitOptions} searchable required {...form.getInputProps('unit_id')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <TextInput
                      label="Target price per unit"
                      description="Optional"
                      inputMode="decimal"
                      {...form.getInputProps('target_price')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Select
                      label="Currency"
                      description="Of the target price"
                      data={currencyOptions}
                      searchable
                      clearable
                      {...form.getInputProps('currency_id')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select
                      label="Destination country"
                      data={countryOptions}
                      searchable
                      required
                      disabled={countries.isPending}
                      nothingFoundMessage="No country matches"
                      {...form.getInputProps('country_code')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label="Port"
                      description="Optional"
                      maxLength={BUYING_REQUEST_LIMITS.port}
                      {...form.getInputProps('port')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      type="date"
                      label="Needed by"
                      min={today()}
                      required
                      {...form.getInputProps('required_by')}
                    />
                  </Grid.Col>
                </Grid>
                <Textarea
                  label="Requirements"
                  description="Specifications, certifications, packaging, terms: what a supplier needs to quote"
                  autosize
                  minRows={4}
                  maxLength={BUYING_REQUEST_LIMITS.requirements}
                  required
                  {...form.getInputProps('requirements')}
                />
                <FileInput
                  label="Attachments"
                  description={`Up to ${BUYING_REQUEST_LIMITS.attachments} files of at most ${megabytes} MB: images, PDF, Office documents, CSV or text`}
                  placeholder="Choose files (optional)"
                  multiple
                  clearable
                  leftSection={<IconPaperclip size={16} />}
                  value={files}
                  onChange={(chosen) => setFiles(chosen.slice(0, BUYING_REQUEST_LIMITS.attachments))}
                  error={
                    tooLarge
                      ? `${tooLarge.name}: ${BUYING_REQUEST_MESSAGES.attachmentTooLarge}`
                      : form.errors['attachments[]']
                  }
                />
                {alert && (
                  <Alert color="red" icon={<IconAlertTriangle size={16} />}>
                    {alert}
                  </Alert>
                )}
                {token ? (
                  <Group justify="flex-end">
                    <Button type="submit" loading={post.isPending} disabled={Boolean(tooLarge)}>
                      Send to suppliers
                    </Button>
                  </Group>
                ) : (
                  <Alert variant="light" title="Sign in to send your request">
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">
                        What you typed is kept while you sign in or create a free account
                        {files.length > 0 ? ' (choose the attachments again when you come back)' : ''}.
                      </Text>
                      <Group gap="xs">
                        <Button component={Link} to={authPath('signin', BUYING_REQUEST_PATHS.post)} onClick={keepDraft}>
                          Sign in to send
                        </Button>
                        <Button
                          component={Link}
                          to={authPath('signup', BUYING_REQUEST_PATHS.post)}
                          onClick={keepDraft}
                          variant="default"
                        >
                          Create an account
                        </Button>
                      </Group>
                    </Stack>
                  </Alert>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
