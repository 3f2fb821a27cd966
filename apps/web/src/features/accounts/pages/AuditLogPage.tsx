import { useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_KEYS,
  AUDIT_KINDS,
  AUDIT_LIMITS,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditKind,
} from '@tradeloop/contracts/accounts-audit';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { dateTimeLabel } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { TeamPageLinks } from '../components/TeamPageLinks.tsx';
import { useAuditLog } from '../api/audit-log.ts';

const kindOptions = AUDIT_KIND_KEYS.map((kind) => ({ value: kind, label: AUDIT_KINDS[kind].label }));

/** The filters and page live in the URL, so a filtered log can be reloaded and shared. */
function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const actor = Number(params.get('actor'));
  const page = Number(params.get('page'));
  const query = {
    page: Number.isInteger(page) && page >= 1 && page <= AUDIT_LIMITS.pageMax ? page : 1,
    per_page: AUDIT_LIMITS.perPageDefault,
    kind: (AUDIT_KIND_KEYS as string[]).includes(kind ?? '') ? (kind as AuditKind) : undefined,
    actor_id: Number.isInteger(actor) && actor > 0 ? actor : undefined,
  };
  const change = (next: { kind?: string | null; actor?: string | null; page?: number }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
          updated.delete(key);
        else updated.set(key, String(value));
      }
      // A new filter starts at the first page.
      if (next.page === undefined) updated.delete('page');
      return updated;
    });
  return { query, change };
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.created_at}>{dateTimeLabel(entry.created_at)}</time>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.actor.name}</Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge variant="light" color={entry.action.endsWith('exported') ? 'orange' : 'brand'} w="fit-content">
            {AUDIT_ACTION_LABELS[entry.action]}
          </Badge>
          <Text size="sm">{entry.summary}</Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {entry.ip ? (
          <Tooltip label={entry.user_agent ?? 'Browser unknown'} multiline maw={320}>
            <Text
              size="sm"
              ff="monospace"
              tabIndex={0}
              aria-label={`${entry.ip}, ${entry.user_agent ?? 'browser unknown'}`}
            >
              {entry.ip}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            Unknown
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The audit log (issue #43; docs/decisions/059): who changed roles, permissions and team members, and
 * who exported what, when and from where. Next to the team and roles pages; the server answers it only
 * to the owner and to roles with `team`.
 */
export function AuditLogPage() {
  useDocumentTitle('Audit log · TradeLoop');
  const { query, change } = useAuditParams();
  const log = useAuditLog(query);
  const entries = log.data?.data ?? [];
  const actorOptions = (log.data?.actors ?? []).map((actor) => ({ value: String(actor.id), label: actor.name }));
  const filtered = query.kind !== undefined || query.actor_id !== undefined;

  return (
    <Container size="xl" py="xl">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              Audit log
            </Title>
            <Text c="dimmed" size="sm">
              Changes to roles, permissions and team members, and every export: who, what, when and from where.
            </Text>
          </div>
          <Group>
            <TeamPageLinks current={PATHS.auditLog} />
          </Group>
        </Group>
        <Group align="flex-end" role="search" aria-label="Filter the audit log">
          <Select
            label="What"
            placeholder="Everything"
            data={kindOptions}
            value={query.kind ?? null}
            clearable
            onChange={(value) => change({ kind: value })}
            w={240}
          />
          <Select
            label="Who"
            placeholder="Everyone"
            data={actorOptions}
            value={query.actor_id ? String(query.actor_id) : null}
            clearable
            searchable
            nothingFoundMessage="Nobody by that name"
            onChange={(value) => change({ actor: value })}
            w={240}
          />
          {filtered && (
            <Button variant="subtle" onClick={() => change({ kind: null, actor: null })}>
              Clear filters
            </Button>
          )}
        </Group>
        <Card>
          {log.isPending ? (
            <SkeletonRows count={5} height={36} role="status" aria-label="Loading the audit log" />
          ) : log.isError ? (
            <ErrorState
              title="We could not load the audit log"
              message={log.error.message}
              onRetry={() => void log.refetch()}
            />
          ) : entries.length === 0 ? (
            <Text c="dimmed">{filtered ? AUDIT_MESSAGES.emptyFiltered : AUDIT_MESSAGES.empty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" aria-label="Audit log entries, newest first">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>What</Table.Th>
                    <Table.Th>Where</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
        {log.data && log.data.lastPage > 1 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {log.data.total} entries
            </Text>
            <Pagination
              total={log.data.lastPage}
              value={log.data.currentPage}
              onChange={(page) => change({ page })}
              aria-label="Audit log pages"
            />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
