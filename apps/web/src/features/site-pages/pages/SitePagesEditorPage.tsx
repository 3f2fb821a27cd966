import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  SITE_PAGE_LIMITS,
  SITE_PAGE_LINKS,
  SITE_PAGE_SLUGS,
  sitePageBodySchema,
  sitePagePath,
  type SitePage,
  type SitePageSlug,
} from '@tradeloop/contracts/site-pages';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { apiFailure, zodFormValidator } from '../../../lib/form.ts';
import { useIsOperator } from '../../market/api/operator.ts';
import { OperatorsOnly } from '../../../components/OperatorsOnly.tsx';
import { useOperatorSitePages, useSaveSitePage } from '../api/site-pages.ts';

const PostEditor = lazy(async () => ({
  default: (await import('../../blogs/components/PostEditor.tsx')).PostEditor,
}));

const validate = zodFormValidator(sitePageBodySchema);

/** /operator/site-pages (decision 051): the platform operator writes the site's own pages. */
export function SitePagesEditorPage() {
  useDocumentTitle('Site pages · TradeLoop');
  const operator = useIsOperator();
  const pages = useOperatorSitePages(operator === true);
  const [slug, setSlug] = useState<SitePageSlug>('about');

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Site pages
          </Title>
          <Text c="dimmed" size="sm">
            The pages every visitor finds in the footer. What you write is cleaned by the blog’s rules: no scripts,
            styles or frames, links open in a new tab.
          </Text>
        </div>
        {operator === false ? (
          <OperatorsOnly icon={<IconFileText size={32} />} />
        ) : pages.isError ? (
          <ErrorState onRetry={() => void pages.refetch()} />
        ) : !pages.data ? (
          <Skeleton height={420} role="status" aria-busy="true" aria-label="Loading the site pages" />
        ) : (
          <Tabs value={slug} onChange={(value) => value && setSlug(value as SitePageSlug)} keepMounted={false}>
            <Tabs.List>
              {SITE_PAGE_SLUGS.map((entry) => (
                <Tabs.Tab key={entry} value={entry}>
                  {SITE_PAGE_LINKS[entry]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {pages.data.map((page) => (
              <Tabs.Panel key={page.slug} value={page.slug} pt="md">
                <SitePageForm page={page} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}

function SitePageForm({ page }: { page: SitePage }) {
  const save = useSaveSitePage();
  const [title, setTitle] = useState(page.title);
  const [description, setDescription] = useState(page.description);
  const [content, setContent] = useState(page.content_html);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = apiFailure(save.error);
  const fieldError = (field: 'title' | 'description' | 'content') => errors[field] ?? failure.fields[field];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title, description, content };
    const found = validate(body) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ slug: page.slug, body });
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={`Edit ${SITE_PAGE_LINKS[page.slug]}`}>
        <Stack gap="md">
          <FormAlert message={failure.message} />
          <FormAlert tone="success" message={save.isSuccess ? save.data.message : null} />
          <TextInput
            label="Title"
            withAsterisk
            value={title}
            maxLength={SITE_PAGE_LIMITS.titleMax}
            error={fieldError('title')}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            description="Shown by search engines and link previews"
            withAsterisk
            autosize
            minRows={2}
            value={description}
            maxLength={SITE_PAGE_LIMITS.descriptionMax}
            error={fieldError('description')}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Suspense fallback={<Skeleton height={320} role="status" aria-label="Loading the editor" />}>
            <PostEditor
              label="Page text"
              initialHtml={page.content_html}
              onChange={setContent}
              error={fieldError('content')}
            />
          </Suspense>
          <Group justify="space-between">
            <Anchor component={Link} to={sitePagePath(page.slug)} size="sm">
              View the page
            </Anchor>
            <Button type="submit" loading={save.isPending}>
              Save page
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
