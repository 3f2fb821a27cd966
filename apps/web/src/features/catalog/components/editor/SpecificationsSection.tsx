import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_SPEC_GROUP, type SpecTemplate } from '@tradeloop/contracts/catalog-specs';
import { useSuggestedSpecs } from '../../api/get-form-options.ts';
import type { ProductForm, SpecGroupValue } from '../../product-form.ts';
import { GroupError, Section } from './Section.tsx';

/**
 * Specifications (docs/decisions/006): suggested ("passive") ones of the product's categories, ticked
 * from a list, and custom ones in named groups. Both live in one sheet sent with the product.
 */
export function SpecificationsSection({ form }: { form: ProductForm }) {
  const categoryIds = form.values.category_lists.map(Number);
  return (
    <Section
      id="specifications"
      title="Specifications"
      description="Technical details shown in a table on the product page."
    >
      <SegmentedControl
        aria-label="Kind of specifications"
        data={[
          { value: 'passive', label: 'Suggested for the category' },
          { value: 'custom', label: 'All specifications and groups' },
        ]}
        {...form.getInputProps('information_type')}
      />
      {form.values.information_type === 'passive' ? (
        <SuggestedSpecs form={form} categoryIds={categoryIds} />
      ) : (
        <SheetEditor form={form} />
      )}
      <GroupError message={form.errors.specifications} />
    </Section>
  );
}

/** Where a suggestion sits in the sheet: linked to it, or a row of the same name typed before. */
function rowIndex(groups: SpecGroupValue[], template: SpecTemplate): [number, number] | null {
  const name = template.name.toLowerCase();
  for (const [g, group] of groups.entries()) {
    const i = group.items.findIndex(
      (item) => item.template_id === template.id || item.name.trim().toLowerCase() === name,
    );
    if (i >= 0) return [g, i];
  }
  return null;
}

function SuggestedSpecs({ form, categoryIds }: { form: ProductForm; categoryIds: number[] }) {
  const suggestions = useSuggestedSpecs(categoryIds);
  const groups = form.values.specifications;

  const handleToggle = (template: SpecTemplate, checked: boolean) => {
    const at = rowIndex(groups, template);
    if (!checked && at) {
      form.removeListItem(`specifications.${at[0]}.items`, at[1]);
      return;
    }
    if (checked && !at) {
      const item = {
        template_id: template.id,
        type: 'passive' as const,
        name: template.name,
        value: '',
        unit: template.unit ?? '',
      };
      if (groups.length === 0) form.insertListItem('specifications', { name: DEFAULT_SPEC_GROUP, items: [item] });
      else form.insertListItem('specifications.0.items', item);
    }
  };

  if (categoryIds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Choose a category to see the specifications buyers expect for it.
      </Text>
    );
  }
  if (suggestions.isPending) return <Loader size="sm" role="status" aria-label="Loading suggestions" />;
  if (suggestions.isError) return <Text c="red">We could not load suggestions.</Text>;
  return (
    <Stack gap="xs">
      {suggestions.data.map((template) => {
        const at = rowIndex(groups, template);
        return (
          <Grid key={template.id} align="center">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Checkbox
                label={template.unit ? `${template.name} (${template.unit})` : template.name}
                checked={at !== null}
                onChange={(event) => handleToggle(template, event.currentTarget.checked)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              {at && (
                <TextInput
                  aria-label={`${template.name} value`}
                  placeholder="Value"
                  rightSection={template.unit ? <Text size="xs">{template.unit}</Text> : undefined}
                  rightSectionWidth={template.unit ? 60 : undefined}
                  {...form.getInputProps(`specifications.${at[0]}.items.${at[1]}.value`)}
                />
              )}
            </Grid.Col>
          </Grid>
        );
      })}
    </Stack>
  );
}

function SheetEditor({ form }: { form: ProductForm }) {
  const groups = form.values.specifications;
  const addRow = (g: number) =>
    form.insertListItem(`specifications.${g}.items`, {
      template_id: null,
      type: 'custom',
      name: '',
      value: '',
      unit: '',
    });
  return (
    <Stack gap="md">
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          No specifications yet. Add a group such as “General” or “Electrical”, then its rows.
        </Text>
      )}
      {groups.map((group, g) => (
        <Card key={g} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group align="flex-end" wrap="nowrap">
              <TextInput label="Group" style={{ flex: 1 }} {...form.getInputProps(`specifications.${g}.name`)} />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove group ${group.name || g + 1}`}
                onClick={() => form.removeListItem('specifications', g)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {group.items.map((item, i) => (
              <SimpleGrid key={i} cols={{ base: 1, sm: 4 }} spacing="xs" verticalSpacing={4}>
                <TextInput
                  aria-label="Specification name"
                  placeholder="Name"
                  readOnly={item.type === 'passive'}
                  rightSection={item.type === 'passive' ? <Badge size="xs">Suggested</Badge> : undefined}
                  rightSectionWidth={item.type === 'passive' ? 80 : undefined}
                  {...form.getInputProps(`specifications.${g}.items.${i}.name`)}
                />
                <TextInput
                  aria-label="Specification value"
                  placeholder="Value"
                  {...form.getInputProps(`specifications.${g}.items.${i}.value`)}
                />
                <TextInput
                  aria-label="Specification unit"
                  placeholder="Unit (optional)"
                  {...form.getInputProps(`specifications.${g}.items.${i}.unit`)}
                />
                <Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${item.name || 'row'}`}
                    onClick={() => form.removeListItem(`specifications.${g}.items`, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </SimpleGrid>
            ))}
            <Group>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => addRow(g)}>
                Add specification
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            form.insertListItem('specifications', { name: groups.length ? '' : DEFAULT_SPEC_GROUP, items: [] })
          }
        >
          Add group
        </Button>
      </Group>
    </Stack>
  );
}
