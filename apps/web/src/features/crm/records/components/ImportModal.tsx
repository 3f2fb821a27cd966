import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { CRM_LIMITS, crmType, type ImportReport, type RecordTypeId } from '@tradeloop/contracts/crm/records';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useImport, usePreviewImport, type ImportPreview } from '../api/import-export.ts';
import type { UiField } from '../../shared/fields.ts';

type Step =
  { kind: 'file' } | { kind: 'map'; csv: string; preview: ImportPreview } | { kind: 'report'; report: ImportReport };

const DUPLICATES = [
  { value: 'skip', label: 'Skip the row', description: 'Keep the existing record as it is' },
  { value: 'update', label: 'Update the record', description: 'Fill in the row’s values' },
  { value: 'create', label: 'Create anyway', description: 'Add a second record' },
] as const;

function ReportView({ report }: { report: ImportReport }) {
  const problems = report.rows.filter((row) => row.status === 'failed');
  return (
    <Stack>
      <SimpleGrid cols={4}>
        {(['created', 'updated', 'skipped', 'failed'] as const).map((status) => (
          <Stack key={status} gap={0} align="center">
            <Text fw={800} fz="xl">
              {report[status]}
            </Text>
            <Text size="sm" c="dimmed" tt="capitalize">
              {status}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {problems.length > 0 && (
        <ScrollArea.Autosize mah={260}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>What to fix</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>
                    {Object.values(row.errors ?? {})
                      .flat()
                      .join(' ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** CSV import: choose a file, map its columns to form fields, choose what duplicates do, read the report. */
export function ImportModal({
  typeId,
  fields,
  opened,
  onClose,
}: {
  typeId: RecordTypeId;
  fields: UiField[];
  opened: boolean;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [duplicateAction, setDuplicateAction] = useState<'skip' | 'update' | 'create'>('skip');
  const [matchBy, setMatchBy] = useState<'email' | 'phone' | 'email_or_phone'>('email_or_phone');
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const runImport = useImport();
  const formFields = fields.filter((field) => !field.isColumn);
  const plural = crmType(typeId).name.toLowerCase();

  const close = () => {
    setStep({ kind: 'file' });
    setMapping({});
    setFileError(null);
    onClose();
  };
  const handleFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > CRM_LIMITS.importBytes)
      return setFileError('This file is larger than 8 MB. Split it and import the parts.');
    const csv = await file.text();
    preview.mutate(
      { type_id: typeId, csv },
      {
        onSuccess: (result) => {
          setMapping(result.data.suggested_mapping);
          setStep({ kind: 'map', csv, preview: result.data });
        },
      },
    );
  };
  const handleImport = (csv: string) =>
    runImport.mutate(
      { type_id: typeId, csv, mapping, duplicate_action: duplicateAction, match_by: matchBy },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Import finished');
          setStep({ kind: 'report', report: result.data });
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Import {plural} from CSV</Text>} size="xl">
      {step.kind === 'file' && (
        <Stack align="center" py="xl" gap="md">
          <IconFileUpload size={40} color="var(--mantine-color-brand-6)" aria-hidden />
          <Text ta="center" maw={420} c="dimmed">
            A CSV file with a header row, up to {CRM_LIMITS.importRows.toLocaleString()} rows. You will map its columns
            to your form’s fields next.
          </Text>
          {fileError && <Alert color="red">{fileError}</Alert>}
          <FileButton onChange={(file) => void handleFile(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} loading={preview.isPending}>
                Choose a CSV file
              </Button>
            )}
          </FileButton>
        </Stack>
      )}
      {step.kind === 'map' && (
        <Stack>
          <Text size="sm">
            {step.preview.total_rows.toLocaleString()} rows found. Choose the field each column goes to; columns left
            unmapped are ignored.
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Table withTableBorder fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>First value</Table.Th>
                  <Table.Th>Field</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {step.preview.headers.map((header, index) => (
                  <Table.Tr key={`${header}-${index}`}>
                    <Table.Td fw={600}>{header}</Table.Td>
                    <Table.Td c="dimmed">{step.preview.sample_rows[0]?.[index] ?? ''}</Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        aria-label={`Field for ${header}`}
                        placeholder="Do not import"
                        clearable
                        searchable
                        data={formFields.map((field) => ({ value: field.name, label: field.label }))}
                        value={mapping[header] ?? null}
                        onChange={(name) => setMapping((current) => ({ ...current, [header]: name ?? '' }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group align="flex-start" grow>
            <Radio.Group
              label="When a row matches an existing record"
              value={duplicateAction}
              onChange={(next) => setDuplicateAction(next as typeof duplicateAction)}
            >
              <Stack gap={6} mt={6}>
                {DUPLICATES.map((option) => (
                  <Radio
                    key={option.value}
                    value={option.value}
                    label={option.label}
                    description={option.description}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Select
              label="Match by"
              data={[
                { value: 'email_or_phone', label: 'E-mail, then phone' },
                { value: 'email', label: 'E-mail only' },
                { value: 'phone', label: 'Phone only' },
              ]}
              value={matchBy}
              onChange={(next) => next && setMatchBy(next as typeof matchBy)}
            />
          </Group>
          <Alert variant="light" icon={<IconInfoCircle size={16} />}>
            Rows go through your form’s rules: required and unique fields are checked, and rows that fail are listed in
            the report.
          </Alert>
          <Group justify="space-between">
            <Badge variant="light">{Object.values(mapping).filter(Boolean).length} columns mapped</Badge>
            <Group>
              <Button variant="default" onClick={() => setStep({ kind: 'file' })}>
                Back
              </Button>
              <Button loading={runImport.isPending} onClick={() => handleImport(step.csv)}>
                Import {step.preview.total_rows.toLocaleString()} rows
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      {step.kind === 'report' && (
        <Stack>
          <ReportView report={step.report} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
