import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorInput,
  Container,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { BannerSetting } from '@tradeloop/contracts/promotion';
import {
  BANNER_LIMITS,
  BANNER_PAGES,
  BANNER_PAGE_LABELS,
  BANNER_TOGGLES,
  BANNER_TOGGLE_LABELS,
  type BannerPage,
  type BannerToggle,
} from '@tradeloop/contracts/promotion-constants';
import { showFormErrors } from '../form-errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useBanners, useSaveBanner } from '../api/banners.ts';
import { BannerCarousel, type BannerCarouselSetting } from '../components/BannerCarousel.tsx';

type Toggles = Record<BannerToggle, boolean>;
type FormState = { page: BannerPage; background_color: string; alt_tag: string } & Toggles;

const NEW_BANNER: FormState = {
  page: 'home',
  background_color: '#ffffff',
  alt_tag: '',
  active_banner: true,
  default_banner: false,
  swap_banner: true,
  indicator_banner: true,
  navigation_button: true,
  nav_button_visible: false,
  full_height_hover: false,
};

const stateOf = (banner: BannerSetting): FormState => ({
  page: banner.page,
  background_color: banner.background_color,
  alt_tag: banner.alt_tag,
  ...(Object.fromEntries(BANNER_TOGGLES.map((name) => [name, banner[name]])) as Toggles),
});

type LocalImage = { id: string; large: string; width: number; height: number };

/** Object URLs and sizes of the chosen files, for the preview; released when the choice changes. */
function useLocalImages(files: File[]): LocalImage[] {
  const [images, setImages] = useState<LocalImage[]>([]);
  useEffect(() => {
    let live = true;
    const urls = files.map((file) => URL.createObjectURL(file));
    void Promise.all(
      urls.map(
        (url, index) =>
          new Promise<LocalImage | null>((resolve) => {
            const image = new Image();
            image.onload = () =>
              resolve({ id: `new-${index}`, large: url, width: image.naturalWidth, height: image.naturalHeight });
            image.onerror = () => resolve(null);
            image.src = url;
          }),
      ),
    ).then((loaded) => {
      if (live) setImages(loaded.filter((image): image is LocalImage => image !== null));
    });
    return () => {
      live = false;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [files]);
  return images;
}

function BannerForm({
  banner,
  takenPages,
  onDone,
}: {
  banner: BannerSetting | null;
  takenPages: BannerPage[];
  onDone: () => void;
}) {
  const [state, setState] = useState<FormState>(() => (banner ? stateOf(banner) : NEW_BANNER));
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBanner();
  const added = useLocalImages(files);
  const kept = (banner?.images ?? []).filter((image) => !removed.includes(image.id));
  const preview: BannerCarouselSetting = useMemo(
    () => ({ ...state, images: [...kept, ...added] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kept is derived from banner and removed
    [state, added, banner, removed],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const fields: Record<string, string> = {
      page: state.page,
      background_color: state.background_color,
      alt_tag: state.alt_tag,
      ...Object.fromEntries(BANNER_TOGGLES.map((name) => [name, state[name] ? 'on' : 'off'])),
    };
    if (removed.length) fields.delete_image_ids = removed.join(',');
    save.mutate(
      { id: banner?.id, fields, images: files },
      {
        onSuccess: onDone,
        onError: (error) => showFormErrors(error, setErrors),
      },
    );
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label={banner ? 'Edit banner' : 'New banner'}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {banner ? `Edit the ${BANNER_PAGE_LABELS[banner.page]} banner` : 'New banner'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Page"
              data={BANNER_PAGES.map((page) => ({
                value: page,
                label: BANNER_PAGE_LABELS[page],
                disabled: takenPages.includes(page) && page !== banner?.page,
              }))}
              value={state.page}
              allowDeselect={false}
              onChange={(value) => value && setState({ ...state, page: value as BannerPage })}
              error={errors.page}
            />
            <ColorInput
              label="Background colour"
              format="hex"
              withEyeDropper={false}
              value={state.background_color}
              onChange={(value) => setState({ ...state, background_color: value })}
              error={errors.background_color}
            />
          </SimpleGrid>
          <TextInput
            label="Alt text"
            description="What the banner shows, for people who cannot see it"
            required
            maxLength={BANNER_LIMITS.altMax}
            value={state.alt_tag}
            onChange={(event) => setState({ ...state, alt_tag: event.currentTarget.value })}
            error={errors.alt_tag}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {BANNER_TOGGLES.map((name) => (
              <Switch
                key={name}
                label={BANNER_TOGGLE_LABELS[name].label}
                description={BANNER_TOGGLE_LABELS[name].description}
                checked={state[name]}
                onChange={(event) => setState({ ...state, [name]: event.currentTarget.checked })}
                error={errors[name]}
              />
            ))}
          </SimpleGrid>
          {banner && banner.images.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Current images
              </Text>
              <Group gap="md">
                {banner.images.map((image, index) => (
                  <Stack key={image.id} gap={4} align="center">
                    <img src={image.small} alt="" width={120} height={Math.round((120 * image.height) / image.width)} />
                    <Checkbox
                      label={`Remove image ${index + 1}`}
                      checked={removed.includes(image.id)}
                      onChange={(event) =>
                        setRemoved(
                          event.currentTarget.checked
                            ? [...removed, image.id]
                            : removed.filter((id) => id !== image.id),
                        )
                      }
                    />
                  </Stack>
                ))}
              </Group>
            </Stack>
          )}
          <FileInput
            label={banner ? 'Add images' : 'Images'}
            description={`PNG or JPEG, up to ${BANNER_LIMITS.imagesMax} images of 5 MB; 1600 px wide or more looks best`}
            multiple
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen images' }}
            accept="image/png,image/jpeg"
            leftSection={<IconPhoto size={16} />}
            value={files}
            onChange={(value) => setFiles(value)}
            error={errors.images ?? errors.delete_image_ids}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Preview
            </Text>
            {preview.images.length ? (
              <div data-testid="banner-preview">
                <BannerCarousel banner={preview} preview label="Banner preview" />
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                Choose images to see the banner.
              </Text>
            )}
            {!state.active_banner && (
              <Alert color="yellow" variant="light">
                This banner is inactive: visitors do not see it.
              </Alert>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {banner ? 'Save changes' : 'Save banner'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /banners: the carousels on top of the mini-site's pages, one per page, made and changed with a live preview. */
export function BannersPage() {
  useDocumentTitle('Banners · TradeLoop');
  const banners = useBanners();
  const [mode, setMode] = useState<{ kind: 'create' } | { kind: 'edit'; id: number } | null>(null);
  const list = banners.data ?? [];
  const editing = mode?.kind === 'edit' ? (list.find((banner) => banner.id === mode.id) ?? null) : null;
  const taken = list.map((banner) => banner.page);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Banners
            </Title>
            <Text c="dimmed" size="sm">
              The pictures on top of your mini-site’s pages.
            </Text>
          </div>
          {!mode && (
            <Button onClick={() => setMode({ kind: 'create' })} disabled={taken.length >= BANNER_PAGES.length}>
              New banner
            </Button>
          )}
        </Group>
        {mode && (
          <BannerForm
            key={mode.kind === 'edit' ? mode.id : 'new'}
            banner={editing}
            takenPages={taken}
            onDone={() => setMode(null)}
          />
        )}
        {banners.isError && !banners.data ? (
          <ErrorState onRetry={() => void banners.refetch()} />
        ) : !banners.data ? (
          <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading banners" />
        ) : list.length === 0 ? (
          !mode && (
            <EmptyState
              icon={<IconPhoto size={32} />}
              title="No banners yet"
              description="Add a banner to greet visitors of your mini-site."
            />
          )
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {list.map((banner) => (
              <Paper key={banner.id} withBorder p="md">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h5">
                      {BANNER_PAGE_LABELS[banner.page]}
                    </Title>
                    <Group gap="xs">
                      {banner.default_banner && <Badge variant="light">Default</Badge>}
                      <Badge color={banner.active_banner ? 'green' : 'gray'} variant="light">
                        {banner.active_banner ? 'Active' : 'Inactive'}
                      </Badge>
                    </Group>
                  </Group>
                  <BannerCarousel banner={banner} preview label={`${BANNER_PAGE_LABELS[banner.page]} banner`} />
                  <Group justify="flex-end">
                    <Button
                      variant="light"
                      onClick={() => setMode({ kind: 'edit', id: banner.id })}
                      aria-label={`Edit the ${BANNER_PAGE_LABELS[banner.page]} banner`}
                    >
                      Edit
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
