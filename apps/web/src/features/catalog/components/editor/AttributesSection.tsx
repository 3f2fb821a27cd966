import { ActionIcon, Autocomplete, Badge, Button, Card, Grid, Group, TagsInput, Text, Tooltip } from '@mantine/core';
import { IconBookmarkPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { combinationCount, PRODUCT_LIMITS } from '@tradeloop/contracts/catalog';
import { termLabel, termName } from '@tradeloop/contracts/catalog-terms';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import type { FormOptions } from '../../api/get-form-options.ts';
import { useCreateAttribute } from '../../api/taxonomy.ts';
import type { ProductForm } from '../../product-form.ts';
import { GroupError, Section } from './Section.tsx';

/** choice_options: attributes with their options; every combination becomes a row of the matrix. */
export function AttributesSection({ form, options }: { form: ProductForm; options: FormOptions }) {
  const attributes = form.values.choice_options;
  const known = options.attributes.map((attribute) => termLabel(attribute.name));
  const combinations = combinationCount(attributes.filter((attribute) => attribute.values.length > 0));
  const createAttribute = useCreateAttribute();

  const handleNameChange = (index: number, label: string) => {
    const match = options.attributes.find(
      (attribute) => attribute.name.toLowerCase() === termName(label).toLowerCase(),
    );
    form.setFieldValue(`choice_options.${index}.name`, label);
    form.setFieldValue(`choice_options.${index}.attribute_id`, match?.id ?? null);
  };

  const handleSaveAttribute = async (index: number) => {
    try {
      const result = await createAttribute.mutateAsync(attributes[index].name);
      form.setFieldValue(`choice_options.${index}.attribute_id`, result.data.id);
      notifySuccess(result.message ?? 'Saved');
    } catch (error) {
      // Spec section 8: the first message of the returned list, as an error toast.
      const first = isApiError(error) ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message) : null;
      if (first) notifyError(first);
    }
  };

  return (
    <Section
      id="attributes"
      title="Attributes"
      description="Options buyers choose from, such as size or material. Every combination of options gets its own row in the matrix, with its own price and pictures."
    >
      {attributes.length === 0 && (
        <Text size="sm" c="dimmed">
          No attributes yet. Add at least one.
        </Text>
      )}
      {attributes.map((attribute, index) => (
        <Card key={index} withBorder p="sm" radius="md">
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Autocomplete
                label={`Attribute ${index + 1}`}
                withAsterisk
                placeholder="e.g. Size"
                data={known}
                value={termLabel(attribute.name)}
                onChange={(label) => handleNameChange(index, label)}
                error={form.errors[`choice_options.${index}.name`]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TagsInput
                label="Options"
                withAsterisk
                placeholder={attribute.values.length ? '' : 'Type an option and press Enter'}
                splitChars={[',']}
                maxTags={PRODUCT_LIMITS.valuesPerAttribute}
                clearable
                value={attribute.values}
                onChange={(values) => form.setFieldValue(`choice_options.${index}.values`, values)}
                error={form.errors[`choice_options.${index}.values`] ?? firstOptionError(form, index)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 1 }}>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {attribute.attribute_id === null && attribute.name.trim() && (
                  <Tooltip label="Save to my attribute list">
                    <ActionIcon
                      variant="subtle"
                      aria-label="Save to my attribute list"
                      onClick={() => void handleSaveAttribute(index)}
                    >
                      <IconBookmarkPlus size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label="Remove attribute">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove attribute ${index + 1}`}
                    onClick={() => form.removeListItem('choice_options', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Grid.Col>
          </Grid>
        </Card>
      ))}
      <GroupError message={form.errors.choice_options} />
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={attributes.length >= PRODUCT_LIMITS.attributes}
          onClick={() => form.insertListItem('choice_options', { attribute_id: null, name: '', values: [] })}
        >
          Add attribute
        </Button>
        {combinations > 0 && (
          <Badge variant="light" size="lg">
            {combinations} {combinations === 1 ? 'combination' : 'combinations'}
          </Badge>
        )}
      </Group>
    </Section>
  );
}

function firstOptionError(form: ProductForm, index: number) {
  const key = Object.keys(form.errors).find((entry) => entry.startsWith(`choice_options.${index}.values.`));
  return key ? form.errors[key] : undefined;
}
