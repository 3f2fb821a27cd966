import { useEffect, useMemo } from 'react';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Grid,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { CALCULATOR_MESSAGES } from '@tradeloop/contracts/catalog-calculator';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFormOptions, type FormOptions } from '../api/get-form-options.ts';
import { useProductBundle, type ProductBundle } from '../api/get-product.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { AttributesSection } from '../components/editor/AttributesSection.tsx';
import { AvailabilitySection } from '../components/editor/AvailabilitySection.tsx';
import { BasicSection } from '../components/editor/BasicSection.tsx';
import { CalculatorSection } from '../components/editor/CalculatorSection.tsx';
import { CatalogsSection } from '../components/editor/CatalogsSection.tsx';
import { ClassificationSection } from '../components/editor/ClassificationSection.tsx';
import { ImagesSection } from '../components/editor/ImagesSection.tsx';
import { MatrixSection } from '../components/editor/MatrixSection.tsx';
import { PricingSection } from '../components/editor/PricingSection.tsx';
import { ShippingSection } from '../components/editor/ShippingSection.tsx';
import { SpecificationsSection } from '../components/editor/SpecificationsSection.tsx';
import { CATALOG_PATHS } from '../paths.ts';
import {
  emptyProduct,
  formErrorKey,
  fromProduct,
  toBody,
  validateProduct,
  type ProductFormValues,
} from '../product-form.ts';

const FIX_FIELDS = 'Please correct the highlighted fields.';

/** /products/create and /products/edit/{id}; a product that is not found sends the seller to /products/List. */
export function ProductEditorPage() {
  const params = useParams();
  const productId = params.id === undefined ? null : Number(params.id);
  const validId = productId === null || (Number.isInteger(productId) && productId > 0);
  const navigate = useNavigate();
  const options = useFormOptions();
  const bundle = useProductBundle(validId ? productId : null);
  const missing = !validId || (isApiError(bundle.error) && bundle.error.status === 404);

  useEffect(() => {
    if (!missing) return;
    notifyError('This product was not found.', { autoClose: 4000 });
    navigate(CATALOG_PATHS.list, { replace: true });
  }, [missing, navigate]);

  if (missing) return null;
  if (options.isPending || (productId !== null && bundle.isPending)) return <EditorSkeleton />;
  if (options.isError || bundle.isError) {
    return (
      <Container size="lg" py="xl">
        <Card>
          <ErrorState
            title="We could not open the product form"
            onRetry={() => {
              void options.refetch();
              void bundle.refetch();
            }}
          />
        </Card>
      </Container>
    );
  }
  return (
    <ProductEditor key={productId ?? 'new'} productId={productId} bundle={bundle.data ?? null} options={options.data} />
  );
}

const SECTIONS = [
  ['basic', 'Basic details'],
  ['classification', 'Category and brand'],
  ['attributes', 'Attributes'],
  ['availability', 'Availability'],
  ['shipping', 'Shipping and terms'],
  ['pricing', 'Pricing'],
  ['images', 'Images'],
  ['specifications', 'Specifications'],
  ['calculator', 'Price calculator'],
] as const;

function scrollToFirstError() {
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (target?.matches('input, textarea')) target.focus({ preventScroll: true });
  });
}

function ProductEditor({
  productId,
  bundle,
  options,
}: {
  productId: number | null;
  bundle: ProductBundle | null;
  options: FormOptions;
}) {
  const navigate = useNavigate();
  const initial = useMemo<ProductFormValues>(
    () => (bundle ? fromProduct(bundle.product, bundle.sheet, bundle.calculator) : emptyProduct()),
    [bundle],
  );
  const savedPhotoIds = useMemo(() => new Set(bundle?.product.photos.map((photo) => photo.id) ?? []), [bundle]);
  const form = useForm<ProductFormValues>({ mode: 'controlled', initialValues: initial, validate: validateProduct });
  const save = useSaveProduct();
  const title = productId === null ? 'Add a product' : `Edit ${bundle?.product.name ?? 'product'}`;
  useDocumentTitle(`${title} · TradeLoop`);

  const handleSubmit = async (values: ProductFormValues) => {
    try {
      const result = await save.mutateAsync({ id: productId, body: toBody(values) });
      notifySuccess(result.message ?? (productId === null ? CATALOG_MESSAGES.created : CATALOG_MESSAGES.updated), {
        autoClose: 3000,
      });
      if (productId === null) navigate(CATALOG_PATHS.edit(result.data.id), { replace: true });
      else form.resetDirty();
    } catch (error) {
      if (!isApiError(error) || !error.errors) return;
      form.setErrors(
        Object.fromEntries(
          Object.entries(error.errors).map(([key, messages]) => [formErrorKey(key, values), messages[0]]),
        ),
      );
      const calculatorFailed = Object.keys(error.errors).some((key) => key.startsWith('calculator'));
      notifyError(calculatorFailed ? CALCULATOR_MESSAGES.saveFailed : FIX_FIELDS, { autoClose: 4000 });
      scrollToFirstError();
    }
  };

  const handleInvalid = () => {
    notifyError(FIX_FIELDS, { autoClose: 3000 });
    scrollToFirstError();
  };

  const product = bundle?.product;
  return (
    <Container size="xl" py="xl">
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values), handleInvalid)} noValidate>
        <Stack gap="lg">
          <div>
            <Breadcrumbs>
              <Anchor component={Link} to={CATALOG_PATHS.list} size="sm">
                My products
              </Anchor>
              <Text size="sm">{productId === null ? 'New product' : (product?.unique_number ?? '')}</Text>
            </Breadcrumbs>
            <Group justify="space-between" mt="xs">
              <Title order={1} size="h2">
                {title}
              </Title>
              {product && (
                <Badge color={product.status === 'active' ? 'teal' : 'gray'} variant="light" size="lg">
                  {product.status === 'active' ? 'Active' : 'Inactive'}
                </Badge>
              )}
            </Group>
          </div>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Stack gap="lg">
                <BasicSection form={form} />
                <ClassificationSection form={form} options={options} />
                <AttributesSection form={form} options={options} />
                <AvailabilitySection form={form} options={options} />
                <ShippingSection form={form} options={options} />
                <PricingSection form={form} options={options} />
                <ImagesSection form={form} savedIds={savedPhotoIds} />
                <SpecificationsSection form={form} />
                <CalculatorSection form={form} productId={productId} />
                {product && (
                  <>
                    <MatrixSection
                      productId={product.id}
                      photos={product.photos}
                      currency={product.price_currency?.code ?? ''}
                    />
                    <CatalogsSection productId={product.id} />
                  </>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
              <Card p="sm" style={{ position: 'sticky', top: 80 }}>
                <Stack gap="xs">
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    Sections
                  </Text>
                  {[
                    ...SECTIONS,
                    ...(product
                      ? ([
                          ['matrix', 'Combinations'],
                          ['catalogs', 'Catalogs'],
                        ] as const)
                      : []),
                  ].map(([id, label]) => (
                    <NavLink key={id} href={`#${id}`} label={label} py={4} />
                  ))}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
          <Card p="sm" style={{ position: 'sticky', bottom: 12, zIndex: 5 }} shadow="md" withBorder>
            <Group justify="space-between">
              <Switch
                label={form.values.status === 'active' ? 'Active: visible to buyers' : 'Inactive: hidden from buyers'}
                checked={form.values.status === 'active'}
                onChange={(event) => form.setFieldValue('status', event.currentTarget.checked ? 'active' : 'inactive')}
              />
              <Group gap="sm">
                {form.isDirty() && (
                  <Text size="sm" c="dimmed">
                    Unsaved changes
                  </Text>
                )}
                <Button variant="default" component={Link} to={CATALOG_PATHS.list}>
                  Cancel
                </Button>
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                  {productId === null ? 'Create product' : 'Save changes'}
                </Button>
              </Group>
            </Group>
          </Card>
        </Stack>
      </form>
    </Container>
  );
}

function EditorSkeleton() {
  return (
    <Container size="xl" py="xl" role="status" aria-busy="true" aria-label="Loading the product form">
      <Stack gap="lg">
        <Skeleton h={32} w={280} />
        {Array.from({ length: 4 }, (_, index) => (
          <Card key={index} p="lg">
            <Stack gap="sm">
              <Skeleton h={18} w={180} />
              <Skeleton h={36} />
              <Skeleton h={36} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
