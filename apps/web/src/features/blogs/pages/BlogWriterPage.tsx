import {
  Anchor,
  Badge,
  Button,
  Container,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconNews, IconPhoto, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BlogPost } from '@tradeloop/contracts/blogs';
import {
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  blogPostPath,
  type BlogCategorySlug,
} from '@tradeloop/contracts/blogs-constants';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { postDate } from '../components/format.ts';
import {
  useCover,
  useDeletePost,
  useMyPost,
  useMyPosts,
  usePicture,
  usePublishPost,
  useSavePost,
  type BlogWriter,
} from '../api/writing.ts';

const PostEditor = lazy(async () => ({ default: (await import('../components/PostEditor.tsx')).PostEditor }));

type Errors = Partial<Record<'title' | 'category' | 'content', string>>;

function PostForm({
  writer,
  post,
  onDone,
}: {
  writer: BlogWriter;
  post: BlogPost | null;
  onDone: (id: number | null) => void;
}) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [category, setCategory] = useState<string>(post?.category.slug ?? '');
  const [content, setContent] = useState(post?.content_html ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [current, setCurrent] = useState<BlogPost | null>(post);
  const save = useSavePost(writer);
  const publish = usePublishPost(writer);
  const cover = useCover(writer);
  const picture = usePicture(writer);
  const remove = useDeletePost(writer);

  const check = (): Errors => ({
    ...(title.trim() ? {} : { title: BLOG_MESSAGES.titleRequired }),
    ...(category ? {} : { category: BLOG_MESSAGES.categoryRequired }),
    ...(content.replace(/<[^>]*>/g, '').trim() ? {} : { content: BLOG_MESSAGES.contentRequired }),
  });

  const submit = async (andPublish: boolean) => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await save.mutateAsync({
        id: current?.id ?? null,
        body: { title, category: category as BlogCategorySlug, content },
      });
      let next = saved.data;
      if (andPublish && next.status !== 'published')
        next = (await publish.mutateAsync({ id: next.id, published: true })).data;
      setCurrent(next);
    } catch (error) {
      if (isApiError(error) && error.errors) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]])));
      }
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={current ? 'Edit post' : 'New post'}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {current ? 'Edit post' : 'New post'}
          </Title>
          {current && (
            <Badge color={current.status === 'published' ? 'green' : 'gray'} variant="light" data-testid="post-status">
              {current.status === 'published' ? 'Published' : 'Draft'}
            </Badge>
          )}
        </Group>
        <TextInput
          label="Title"
          withAsterisk
          value={title}
          maxLength={BLOG_LIMITS.titleMax}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
        />
        <NativeSelect
          label="Category"
          withAsterisk
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value)}
          error={errors.category}
          data={[
            { value: '', label: 'Choose a category' },
            ...BLOG_CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
          ]}
        />
        <Suspense fallback={<Skeleton height={320} role="status" aria-label="Loading the editor" />}>
          <PostEditor
            initialHtml={post?.content_html ?? ''}
            onChange={setContent}
            uploadPicture={current ? (file) => picture.mutateAsync({ id: current.id, file }) : undefined}
            error={errors.content}
          />
        </Suspense>
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              {current?.cover ? (
                <img src={current.cover.card} alt="Cover" width={160} height={84} style={{ objectFit: 'cover' }} />
              ) : (
                <Text size="sm" c="dark.5">
                  {current
                    ? 'No cover image yet (PNG or JPEG; cut to 1200 × 630).'
                    : 'Save the post first to add a cover image.'}
                </Text>
              )}
            </Group>
            {current && (
              <Group gap="xs">
                <FileButton
                  accept="image/png,image/jpeg"
                  onChange={(file) => {
                    if (file)
                      cover.mutate({ id: current.id, file }, { onSuccess: (result) => setCurrent(result.data) });
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhoto size={16} />}
                      loading={cover.isPending}
                    >
                      {current.cover ? 'Change cover' : 'Add cover'}
                    </Button>
                  )}
                </FileButton>
                {current.cover && (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      cover.mutate({ id: current.id, file: null }, { onSuccess: (result) => setCurrent(result.data) })
                    }
                  >
                    Remove cover
                  </Button>
                )}
              </Group>
            )}
          </Group>
        </Paper>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button type="submit" variant="default" loading={save.isPending && !publish.isPending}>
              {current?.status === 'published' ? 'Save changes' : 'Save draft'}
            </Button>
            {current?.status === 'published' ? (
              <Button
                variant="default"
                onClick={() =>
                  publish.mutate({ id: current.id, published: false }, { onSuccess: (r) => setCurrent(r.data) })
                }
              >
                Unpublish
              </Button>
            ) : (
              <Button onClick={() => void submit(true)} loading={publish.isPending}>
                Publish
              </Button>
            )}
          </Group>
          <Group gap="xs">
            {current?.status === 'published' && (
              <Anchor component={Link} to={blogPostPath(current.slug)} size="sm">
                View post
              </Anchor>
            )}
            {current && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  if (window.confirm('Delete this post? This cannot be undone.'))
                    remove.mutate(current.id, { onSuccess: () => onDone(null) });
                }}
              >
                Delete
              </Button>
            )}
            <Button variant="subtle" onClick={() => onDone(current?.id ?? null)}>
              Back to posts
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function EditPost({ writer, id, onDone }: { writer: BlogWriter; id: number; onDone: (id: number | null) => void }) {
  const post = useMyPost(writer, id);
  if (post.isError) return <ErrorState onRetry={() => void post.refetch()} />;
  if (!post.data) return <Skeleton height={400} role="status" aria-label="Loading the post" />;
  return <PostForm key={id} writer={writer} post={post.data} onDone={onDone} />;
}

function PostsTable({ writer, onEdit }: { writer: BlogWriter; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const posts = useMyPosts(writer, page);
  if (posts.isError) return <ErrorState onRetry={() => void posts.refetch()} />;
  if (!posts.data) return <Skeleton height={200} role="status" aria-label="Loading posts" />;
  if (posts.data.total === 0)
    return (
      <EmptyState
        icon={<IconNews size={32} />}
        title="No posts yet"
        description="Write your first post: buyers who follow you hear of it."
      />
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" data-testid="my-posts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Published</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {posts.data.data.map((post) => (
              <Table.Tr key={post.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onEdit(post.id)} ta="left">
                    {post.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{post.category.name}</Table.Td>
                <Table.Td>{post.status === 'published' ? 'Published' : 'Draft'}</Table.Td>
                <Table.Td>{postDate(post.published_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePagination page={posts.data} onChange={setPage} />
    </Stack>
  );
}

/**
 * /company-blog (a seller's posts, permission `presence`) and /marketplace-blog (the marketplace's
 * own, the platform operator): write with the rich-text editor, a cover and a category; save as a
 * draft or publish (followers of a seller hear of a post once).
 */
export function BlogWriterPage({ writer }: { writer: BlogWriter }) {
  useDocumentTitle(writer === 'company' ? 'Company blog · TradeLoop' : 'Marketplace blog · TradeLoop');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              {writer === 'company' ? 'Company blog' : 'Marketplace blog'}
            </Title>
            <Text c="dimmed" size="sm">
              {writer === 'company'
                ? 'Posts on your company’s page and the TradeLoop blog.'
                : 'TradeLoop’s own posts on the blog.'}
            </Text>
          </div>
          {editing === null && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New post
            </Button>
          )}
        </Group>
        <Paper withBorder p="lg">
          {editing === null ? (
            <PostsTable writer={writer} onEdit={setEditing} />
          ) : editing === 'new' ? (
            <PostForm writer={writer} post={null} onDone={() => setEditing(null)} />
          ) : (
            <EditPost writer={writer} id={editing} onDone={() => setEditing(null)} />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
