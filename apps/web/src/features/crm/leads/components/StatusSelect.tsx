import { ColorSwatch, Group, Select, Text, type MantineSize } from '@mantine/core';
import type { LeadStatus } from '@tradeloop/contracts/crm/leads';

/** A status colour (a theme colour name) as CSS. */
export const statusColour = (colour: string) => `var(--mantine-color-${colour}-6)`;

type StatusSelectProps = {
  statuses: LeadStatus[];
  /** The lead's status name (its lead_status value). */
  value: string | null;
  onChange: (status: LeadStatus) => void;
  label?: string;
  size?: MantineSize;
  disabled?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
  w?: number | string;
};

/** The lead's status, coloured like the status, choosing among the company's statuses in order. */
export function StatusSelect({ statuses, value, onChange, ...props }: StatusSelectProps) {
  const current = statuses.find((status) => status.name === value);
  const byId = new Map(statuses.map((status) => [String(status.id), status]));
  const handleChange = (id: string | null) => {
    const chosen = id ? byId.get(id) : undefined;
    if (chosen && chosen.id !== current?.id) onChange(chosen);
  };
  return (
    <Select
      {...props}
      data={statuses.map((status) => ({ value: String(status.id), label: status.name }))}
      value={current ? String(current.id) : null}
      onChange={handleChange}
      allowDeselect={false}
      placeholder={value ?? 'Choose a status'}
      leftSection={current ? <ColorSwatch color={statusColour(current.colour)} size={12} /> : undefined}
      styles={current ? { input: { borderLeft: `4px solid ${statusColour(current.colour)}` } } : undefined}
      renderOption={({ option }) => {
        const status = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={statusColour(status?.colour ?? 'gray')} size={10} />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
