import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { FILE_MESSAGES, IMPORT_RULES, type ImportReport, type ImportSummary } from '@tradeloop/contracts/catalog-files';
import { isApiError } from '../../../lib/api-client.ts';
import { dateLabel, time12 } from '../../../lib/format.ts';
import { downloadTemplate, useImportProducts, useImports } from '../api/catalogs.ts';

/**
 * Bulk import: the template, a CSV file, and the per-row report of what was created, updated and
 * rejected. An import a crash cut off is told of, with the rows it saved, until the next import.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importProducts = useImportProducts();
  const imports = useImports(opened);
  const unfinished = imports.data?.[0]?.status === 'interrupted' ? imports.data[0] : null;

  const handleClose = () => {
    setFile(null);
    setError(null);
    setReport(null);
    onClose();
  };

  const handleImport = async () => {
    if (!file) {
      setError(FILE_MESSAGES.fileRequired);
      return;
    }
    setError(null);
    try {
      const result = await importProducts.mutateAsync(file);
      setReport(result.data);
    } catch (failure) {
      setError(isApiError(failure) ? (failure.errors?.file?.[0] ?? failure.message) : FILE_MESSAGES.csvUnreadable);
    }
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Import products from CSV" size="xl">
      {report ? (
        <ImportResult report={report} onDone={handleClose} />
      ) : (
        <Stack>
          <Text size="sm">
            Fill in one row a product, with the columns of the template. Up to {IMPORT_RULES.maxRows.toLocaleString()}{' '}
            products a file; valid rows are saved even when others are rejected, and you get a report of every row.
          </Text>
          {unfinished && <UnfinishedImport summary={unfinished} />}
          <List size="sm" spacing={4}>
            <List.Item>
              A row with the model number of one of your products updates that product; a row without a model number
              updates your product of the same name. So importing a file again updates instead of duplicating.
            </List.Item>
            <List.Item>Lists in a cell are split by “;” — for example categories or origin countries.</List.Item>
            <List.Item>Attributes: “Colour=Red,Blue; Size=S,M”. Price tiers: “1-99=12.50; 100-499=11”.</List.Item>
            <List.Item>Add pictures afterwards, in each product’s form.</List.Item>
          </List>
          <Anchor component="button" type="button" size="sm" onClick={() => void downloadTemplate()}>
            <Group gap={6}>
              <IconDownload size={16} /> Download the template
            </Group>
          </Anchor>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={setFile}
            error={error}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button onClick={() => void handleImport()} loading={importProducts.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function UnfinishedImport({ summary }: { summary: ImportSummary }) {
  const saved = summary.created + summary.updated;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Your last import did not finish">
      {summary.file_name}, started {dateLabel(summary.started_at)} at {time12(summary.started_at)}: {saved} of{' '}
      {summary.total} rows were saved ({summary.created} created, {summary.updated} updated) before it stopped. Import
      the same file again to finish it: the saved rows are updated, not duplicated.
    </Alert>
  );
}

function ImportResult({ report, onDone }: { report: ImportReport; onDone: () => void }) {
  const rejected = report.rows.filter((row) => row.status === 'rejected');
  return (
    <Stack>
      <Alert color={rejected.length ? 'yellow' : 'teal'} icon={<IconCircleCheck size={18} />} title="Import finished">
        {report.created} of {report.total} products created, {report.updated} updated
        {rejected.length ? `, ${rejected.length} rows rejected — fix them and import those rows again.` : '.'}
      </Alert>
      {rejected.length > 0 && (
        <ScrollArea h={320} type="auto">
          <Table striped verticalSpacing="xs" aria-label="Rejected rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rejected.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.name || <Text c="dimmed">no name</Text>}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {Object.entries(row.errors).map(([column, messages]) => (
                        <Text size="sm" key={column}>
                          <Badge size="xs" variant="light" mr={6}>
                            {column}
                          </Badge>
                          {messages.join(' ')}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
