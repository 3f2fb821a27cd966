import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalculator, IconPlus, IconTrash } from '@tabler/icons-react';
import { combinationsOf } from '@tradeloop/contracts/catalog';
import {
  CALCULATOR_FUNCTIONS,
  CALCULATOR_LIMITS,
  CALCULATOR_VARIABLES,
  variableName,
  type CalculatorResult,
} from '@tradeloop/contracts/catalog-calculator';
import { termLabel, termName } from '@tradeloop/contracts/catalog-terms';
import { isApiError } from '../../../../lib/api-client.ts';
import { useTryCalculator } from '../../api/calculator.ts';
import { cellKey, toBody, type ProductForm } from '../../product-form.ts';
import { GroupError, Section } from './Section.tsx';

const MODES = [
  { value: 'none', label: 'No calculator' },
  { value: 'similar', label: 'Similar' },
  { value: 'multilevel', label: 'Multilevel' },
  { value: 'Group', label: 'Group' },
];

const MODE_HELP: Record<string, string> = {
  similar: 'One equation for every combination.',
  multilevel: 'Quantity levels, each with its own equation.',
  Group: 'One equation for each option of an attribute.',
};

/** The price calculator (docs/decisions/007): equations over price, quantity and the attributes' numbers. */
export function CalculatorSection({ form, productId }: { form: ProductForm; productId: number | null }) {
  const calculator = form.values.calculator;
  const options = form.values.choice_options.filter((option) => option.name.trim() && option.values.length);
  const variables = [
    CALCULATOR_VARIABLES.price,
    CALCULATOR_VARIABLES.quantity,
    ...options.map((option) => variableName(option.name)),
  ];

  return (
    <Section
      id="calculator"
      title="Price calculator"
      description="Let buyers see the price of their configuration and quantity. Equations give the total price of an order."
    >
      <SegmentedControl aria-label="Calculator mode" data={MODES} {...form.getInputProps('calculator.mode')} />
      {calculator.mode !== 'none' && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {MODE_HELP[calculator.mode]} Use{' '}
            {variables.map((name) => (
              <Code key={name} mr={4}>
                {name}
              </Code>
            ))}
            and {CALCULATOR_FUNCTIONS.join(', ')}.
          </Text>
          <AttributeTable form={form} />
          {calculator.mode === 'similar' && (
            <TextInput
              label="Equation"
              withAsterisk
              placeholder="price * quantity"
              maxLength={CALCULATOR_LIMITS.equation}
              {...form.getInputProps('calculator.similar')}
            />
          )}
          {calculator.mode === 'multilevel' && <Levels form={form} />}
          {calculator.mode === 'Group' && <GroupEquations form={form} />}
          <GroupError message={form.errors.calculator} />
          <TryCalculator form={form} productId={productId} />
        </Stack>
      )}
    </Section>
  );
}

function AttributeTable({ form }: { form: ProductForm }) {
  const options = form.values.choice_options.filter((option) => option.name.trim() && option.values.length);
  if (options.length === 0) return <Text size="sm">Add attributes first: their options get numbers here.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Numbers of the options
      </Text>
      <Text size="xs" c="dimmed">
        What each option stands for in the equations, for example 5 for “5 HP”. Fill in every option of an attribute you
        use.
      </Text>
      <Table withTableBorder verticalSpacing={4} aria-label="Numbers of the options">
        <Table.Tbody>
          {options.flatMap((option) =>
            option.values.map((value, index) => {
              const key = cellKey(termName(option.name), value);
              const error = form.errors[`calculator.values.${termName(option.name)}.${value}`];
              return (
                <Table.Tr key={key}>
                  <Table.Td w="30%">{index === 0 ? <Code>{variableName(option.name)}</Code> : null}</Table.Td>
                  <Table.Td w="30%">{value}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Number of ${termLabel(option.name)} ${value}`}
                      size="xs"
                      value={form.values.calculator.numbers[key] ?? ''}
                      onChange={(number) =>
                        form.setFieldValue('calculator.numbers', { ...form.values.calculator.numbers, [key]: number })
                      }
                      error={error}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Levels({ form }: { form: ProductForm }) {
  const levels = form.values.calculator.levels;
  return (
    <Stack gap="xs">
      {levels.map((_, index) => (
        <Grid key={index} align="flex-end">
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput
              label="From quantity"
              withAsterisk
              min={0}
              {...form.getInputProps(`calculator.levels.${index}.min`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput
              label="To quantity"
              withAsterisk
              min={0}
              {...form.getInputProps(`calculator.levels.${index}.max`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 10, sm: 7 }}>
            <TextInput
              label="Equation"
              withAsterisk
              placeholder="price * quantity * 0.95"
              {...form.getInputProps(`calculator.levels.${index}.equation`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 2, sm: 1 }}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove level ${index + 1}`}
              disabled={levels.length === 1}
              onClick={() => form.removeListItem('calculator.levels', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Grid.Col>
        </Grid>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={levels.length >= CALCULATOR_LIMITS.levels}
          onClick={() => {
            const last = levels.at(-1)?.max;
            form.insertListItem('calculator.levels', {
              min: typeof last === 'number' ? last + 1 : '',
              max: '',
              equation: '',
            });
          }}
        >
          Add level
        </Button>
      </Group>
    </Stack>
  );
}

function GroupEquations({ form }: { form: ProductForm }) {
  const options = form.values.choice_options.filter((option) => option.name.trim() && option.values.length);
  const grouping = options.find((option) => termName(option.name) === form.values.calculator.groupAttribute);
  return (
    <Stack gap="xs">
      <Select
        label="Group by"
        withAsterisk
        data={options.map((option) => ({ value: termName(option.name), label: termLabel(option.name) }))}
        error={form.errors['calculator.group']}
        {...form.getInputProps('calculator.groupAttribute')}
      />
      {grouping?.values.map((value) => (
        <TextInput
          key={value}
          label={`Equation for ${value}`}
          withAsterisk
          placeholder="price * quantity"
          value={form.values.calculator.groupEquations[value] ?? ''}
          onChange={(event) =>
            form.setFieldValue('calculator.groupEquations', {
              ...form.values.calculator.groupEquations,
              [value]: event.currentTarget.value,
            })
          }
          error={form.errors[`calculator.group.${value}`]}
        />
      ))}
    </Stack>
  );
}

/** Tries the calculator as it stands in the form on a combination and quantity (saved products only). */
function TryCalculator({ form, productId }: { form: ProductForm; productId: number | null }) {
  const tryCalculator = useTryCalculator(productId);
  const combinations = combinationsOf(form.values.choice_options.filter((option) => option.values.length));
  const [combination, setCombination] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [result, setResult] = useState<CalculatorResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (productId === null) {
    return (
      <Text size="sm" c="dimmed">
        Save the product to try the calculator on its combinations.
      </Text>
    );
  }

  const handleTry = async () => {
    const calculator = toBody(form.values).calculator;
    if (!calculator) return;
    setProblem(null);
    setResult(null);
    try {
      const answer = await tryCalculator.mutateAsync({
        calculator: calculator as never,
        combination: combination ?? undefined,
        quantity: typeof quantity === 'number' ? quantity : 1,
      });
      setResult(answer.data);
    } catch (error) {
      setProblem(
        isApiError(error)
          ? [...new Set(Object.values(error.errors ?? {}).flat())].join(' ') || error.message
          : 'The calculator could not be tried.',
      );
    }
  };

  return (
    <Stack gap="xs">
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Try on"
            placeholder="Default combination"
            data={combinations}
            value={combination}
            onChange={setCombination}
            searchable
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput label="Quantity" min={1} value={quantity} onChange={setQuantity} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Button
            fullWidth
            variant="light"
            leftSection={<IconCalculator size={16} />}
            onClick={() => void handleTry()}
            loading={tryCalculator.isPending}
          >
            Calculate
          </Button>
        </Grid.Col>
      </Grid>
      {result && (
        <Alert color="teal" title={`Total ${result.total.toLocaleString()}`} aria-live="polite">
          {result.unit_price.toLocaleString()} a unit for {result.quantity} × {result.combination}, by{' '}
          <Code>{result.equation}</Code>
        </Alert>
      )}
      {problem && (
        <Alert color="red" aria-live="polite">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
