import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconCopy,
  IconCalendarEvent,
  IconChecklist,
  IconChevronDown,
  IconEye,
  IconFileInvoice,
  IconFileText,
  IconGitMerge,
  IconMail,
  IconMessages,
  IconNotes,
  IconPaperclip,
  IconPencil,
  IconPhone,
  IconPlus,
  IconTimeline,
  IconTrash,
} from '@tabler/icons-react';
import {
  crmType,
  DUPLICATE_NOTICE,
  type RecordDetail,
  type RecordRef,
  type RecordTypeId,
} from '@tradeloop/contracts/crm/records';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { NotFoundPage } from '../../../../app/NotFoundPage.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useRecordDetail } from '../api/get-detail.ts';
import { useDeleteRecord } from '../api/records.ts';
import { recordTypePermission } from '../../shared/record-permission.ts';
import { useCan } from '../../../../lib/permissions.ts';
import { ConvertLeadModal } from '../components/ConvertLeadModal.tsx';
import { MergeRecordsModal } from '../components/MergeRecordsModal.tsx';
import { FieldCell } from '../components/FieldCell.tsx';
import { RecordFormModal } from '../components/RecordFormModal.tsx';
import {
  detailSidePanels,
  detailTabComponent,
  type DetailTabProps,
  isLeadSlot,
  slotsFor,
} from '../../shared/detail-tabs.ts';
import { fromDynamicField, formatMoney, toneOf } from '../../shared/fields.ts';
import type { AddFormSource } from '../../forms/api/get-form.ts';
import { CRM_PATHS, typeIdOfSlug } from '../../shared/paths.ts';
import { dateTimeLabel } from '../../../../lib/format.ts';

const SLOT_ICONS = {
  threads: IconMessages,
  quotation: IconFileInvoice,
  notes: IconNotes,
  files: IconPaperclip,
  tasks: IconChecklist,
  meetings: IconCalendarEvent,
  calls: IconPhone,
  emails: IconMail,
  engagement: IconEye,
  timeline: IconTimeline,
} as const;

function RefLink({ item }: { item: RecordRef }) {
  return (
    <Anchor component={Link} to={CRM_PATHS.detail(item.type_id as RecordTypeId, item.id)} size="sm">
      {item.title}
    </Anchor>
  );
}

/** "Possible duplicate of Asha Rao": older leads sharing an e-mail or phone, each a link (decision 064). */
function DuplicateNotice({ items }: { items: RecordRef[] }) {
  if (items.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconCopy size={16} />} aria-label="Possible duplicate">
      <Text size="sm">
        {DUPLICATE_NOTICE}{' '}
        {items.map((item, index) => (
          <span key={item.id}>
            {index > 0 && ', '}
            <RefLink item={item} />
          </span>
        ))}
      </Text>
    </Alert>
  );
}

function Overview({ detail, editable }: { detail: RecordDetail; editable: boolean }) {
  return (
    <Stack gap="md">
      {detail.sections
        .filter((section) => section.form_fields.length > 0)
        .map((section) => (
          <Card key={section.id}>
            <Title order={3} size="h5" mb="sm">
              {section.name}
            </Title>
            <SimpleGrid
              cols={{ base: 1, sm: section.tab_columns === 'multi' ? 2 : 1 }}
              spacing="lg"
              verticalSpacing="xs"
            >
              {section.form_fields.map((field) => (
                <Stack key={field.id} gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {field.label}
                  </Text>
                  <FieldCell
                    record={detail.record}
                    field={fromDynamicField(field)}
                    refs={detail.refs}
                    editable={editable && !detail.record.deleted_at}
                  />
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
        ))}
    </Stack>
  );
}

function RelatedList({
  title,
  items,
  empty,
  action,
}: {
  title: string;
  items: RecordRef[];
  empty: string;
  action?: React.ReactNode;
}) {
  return (
    <Card>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}{' '}
          <Text span c="dimmed" size="sm">
            ({items.length})
          </Text>
        </Title>
        {action}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item) => (
            <RefLink key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Related({
  detail,
  typeId,
  onAdd,
  mayAdd,
}: {
  detail: RecordDetail;
  typeId: RecordTypeId;
  onAdd: (typeId: RecordTypeId) => void;
  /** Whether the role may create records of a type. */
  mayAdd: (typeId: RecordTypeId) => boolean;
}) {
  const { related } = detail;
  const addButton = (target: RecordTypeId) =>
    mayAdd(target) && (
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onAdd(target)}>
        Add {crmType(target).singular.toLowerCase()}
      </Button>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {(typeId === 4 || typeId === 2) && (
        <RelatedList
          title="Account"
          items={related.account ? [related.account] : []}
          empty="Not linked to an account."
        />
      )}
      {(typeId === 3 || typeId === 2) && (
        <RelatedList
          title="Contacts"
          items={related.contacts}
          empty="No contacts yet."
          action={typeId === 3 ? addButton(4) : undefined}
        />
      )}
      {typeId !== 1 && (
        <Card>
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              Deals{' '}
              <Text span c="dimmed" size="sm">
                ({related.deals.length})
              </Text>
            </Title>
            {(typeId === 3 || typeId === 4) && addButton(2)}
          </Group>
          {related.deals.length === 0 ? (
            <Text size="sm" c="dimmed">
              No deals yet.
            </Text>
          ) : (
            <Stack gap={6}>
              {related.deals.map((deal) => (
                <Group key={deal.id} justify="space-between" wrap="nowrap">
                  <RefLink item={deal} />
                  <Group gap={6} wrap="nowrap">
                    {deal.stage && (
                      <Badge size="sm" variant="light" color={toneOf(deal.stage)} tt="none">
                        {deal.stage}
                      </Badge>
                    )}
                    {deal.amount !== null && <Text size="sm">{formatMoney(deal.amount)}</Text>}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
      {typeId !== 1 && (
        <RelatedList
          title={typeId === 3 ? 'Leads converted into this account' : 'Converted from leads'}
          items={related.leads}
          empty="None."
          action={typeId === 3 || typeId === 4 ? addButton(1) : undefined}
        />
      )}
      {typeId === 1 && (
        <RelatedList
          title="Converted into"
          items={[related.converted_to.contact, related.converted_to.account, related.converted_to.deal].filter(
            (item): item is RecordRef => item !== null,
          )}
          empty="Not converted yet."
        />
      )}
    </SimpleGrid>
  );
}

function Facts({ detail }: { detail: RecordDetail }) {
  const { record, related } = detail;
  const rows: [string, React.ReactNode][] = [
    ['Owner', record.owner?.full_name ?? '—'],
    ['Created', dateTimeLabel(record.created_at)],
    ['Last modified', dateTimeLabel(record.updated_at)],
  ];
  if (record.converted_at) rows.push(['Converted', dateTimeLabel(record.converted_at)]);
  if (related.source_lead) rows.push(['From lead', <RefLink key="lead" item={related.source_lead} />]);
  return (
    <Card>
      <Stack gap="sm">
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** One lead's tab (its requests, quotation or engagement) on the contact it was converted into. */
function LeadTab({ lead, Plugged }: { lead: RecordRef; Plugged: React.ComponentType<DetailTabProps> }) {
  const detail = useRecordDetail(1, lead.id);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        From lead <RefLink item={lead} />
      </Text>
      {detail.data ? (
        <Plugged typeId={1} record={detail.data.record} />
      ) : detail.isError ? (
        <Text size="sm">This lead is not visible to you.</Text>
      ) : (
        <Skeleton height={80} radius="lg" />
      )}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack>
      <Skeleton height={28} width="40%" />
      <Skeleton height={16} width="25%" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={160} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A record's page: its fields by section (editable in place), related records and the activity tabs. */
export function RecordDetailPage() {
  const params = useParams();
  const typeId = typeIdOfSlug(params.type);
  const id = Number(params.id);
  if (typeId === null || !Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return <RecordDetailView key={`${typeId}-${id}`} typeId={typeId} id={id} />;
}

function RecordDetailView({ typeId, id }: { typeId: RecordTypeId; id: number }) {
  const type = crmType(typeId);
  const navigate = useNavigate();
  const detail = useRecordDetail(typeId, id);
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [merging, setMerging] = useState(false);
  const [adding, setAdding] = useState<{ typeId: RecordTypeId; source: AddFormSource } | null>(null);
  const remove = useDeleteRecord();
  const can = useCan();
  const mayEdit = can(recordTypePermission(typeId, 'edit'));
  const mayDelete = can(recordTypePermission(typeId, 'delete'));
  const mayAdd = (target: RecordTypeId) => can(recordTypePermission(target, 'create'));
  useDocumentTitle(`${detail.data?.record.title ?? type.singular} · CRM · TradeLoop`);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return missing ? (
      <EmptyState
        icon={<IconFileText size={32} />}
        title={`This ${type.singular.toLowerCase()} does not exist`}
        description="It may have been deleted, or the link is wrong."
        action={
          <Button component={Link} to={CRM_PATHS.list(typeId)} variant="light">
            Back to {type.name.toLowerCase()}
          </Button>
        }
      />
    ) : (
      <ErrorState onRetry={() => void detail.refetch()} />
    );
  }

  const { record, analytics } = detail.data;
  // A contact shows the tabs of the leads converted into it, which keep their requests and engagement.
  const fromLeads = typeId === 4 ? detail.data.related.leads : [];
  const slots = slotsFor(typeId, { fromLeads: fromLeads.length > 0 });
  const badge =
    typeId === 1
      ? record.values.lead_status
      : typeId === 2
        ? record.values.stage
        : typeId === 4
          ? record.values.lifecycle_stage
          : record.values.account_type;
  const source: AddFormSource =
    typeId === 3
      ? { kind: 'account', id: record.id }
      : typeId === 4
        ? { kind: 'contact', id: record.id }
        : { kind: 'none' };

  // Records made from this one: an account adds contacts, deals and leads; a contact adds deals and leads.
  const addable: { typeId: RecordTypeId; label: string }[] = [
    ...(typeId === 3 ? [{ typeId: 4 as const, label: 'Add contact' }] : []),
    ...(typeId === 3 || typeId === 4
      ? [
          { typeId: 2 as const, label: 'Add deal' },
          { typeId: 1 as const, label: 'Add lead' },
        ]
      : []),
  ];
  const moreItems = addable.filter((item) => mayAdd(item.typeId));
  // Merging edits this record and deletes the other; a converted lead is merged as the contact it became.
  const mayMerge = mayEdit && mayDelete && !record.deleted_at && !record.converted_at;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={CRM_PATHS.list(typeId)} size="sm">
          {type.name}
        </Anchor>
        <Text size="sm">{record.title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {record.title}
            </Title>
            {typeof badge === 'string' && (
              <Badge variant="light" color={toneOf(badge)} size="lg" tt="none">
                {badge}
              </Badge>
            )}
            {record.converted_at && (
              <Badge color="green" variant="filled" size="lg" tt="none">
                Converted
              </Badge>
            )}
            {record.deleted_at && (
              <Badge color="red" variant="light" size="lg" tt="none">
                Deleted
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {type.singular}
            {typeof record.values.company === 'string' && typeId === 1 ? ` at ${record.values.company}` : ''}
            {typeId === 2 && typeof record.values.amount === 'number' ? ` · ${formatMoney(record.values.amount)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {typeId === 1 && !record.converted_at && mayEdit && (
            <Button leftSection={<IconArrowsExchange size={16} />} onClick={() => setConverting(true)}>
              Convert
            </Button>
          )}
          {mayEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {(moreItems.length > 0 || mayDelete || mayMerge) && (
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                  More
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {moreItems.map((item) => (
                  <Menu.Item key={item.typeId} onClick={() => setAdding({ typeId: item.typeId, source })}>
                    {item.label}
                  </Menu.Item>
                ))}
                {mayMerge && (
                  <Menu.Item leftSection={<IconGitMerge size={14} />} onClick={() => setMerging(true)}>
                    Merge with another {type.singular.toLowerCase()}
                  </Menu.Item>
                )}
                {mayDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirmDelete(true)}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <DuplicateNotice items={detail.data.duplicate_of} />

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Tabs defaultValue="overview" keepMounted={false}>
            {/* One row at every width (issue 15: it wrapped at 1440 px): compact tabs that scroll within the row. */}
            <Tabs.List mb="md" className="tl-detail-tabs">
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="related">Related</Tabs.Tab>
              {slots.map((slot) => {
                const Icon = SLOT_ICONS[slot.key];
                const count = slot.count ? analytics[slot.count] : 0;
                return (
                  <Tabs.Tab
                    key={slot.key}
                    value={slot.key}
                    leftSection={<Icon size={14} />}
                    rightSection={
                      count ? (
                        <Badge size="xs" variant="light">
                          {count}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {slot.label}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            <Tabs.Panel value="overview">
              <Overview detail={detail.data} editable={mayEdit} />
            </Tabs.Panel>
            <Tabs.Panel value="related">
              <Related
                detail={detail.data}
                typeId={typeId}
                onAdd={(target) => setAdding({ typeId: target, source })}
                mayAdd={mayAdd}
              />
            </Tabs.Panel>
            {slots.map((slot) => {
              const Plugged = detailTabComponent(slot.key);
              const Icon = SLOT_ICONS[slot.key];
              return (
                <Tabs.Panel key={slot.key} value={slot.key}>
                  {Plugged && typeId !== 1 && isLeadSlot(slot) ? (
                    <Stack gap="lg">
                      {fromLeads.map((lead) => (
                        <LeadTab key={lead.id} lead={lead} Plugged={Plugged} />
                      ))}
                    </Stack>
                  ) : Plugged ? (
                    <Plugged typeId={typeId} record={record} />
                  ) : (
                    <Card>
                      <EmptyState
                        icon={<Icon size={30} />}
                        title={`No ${slot.label.toLowerCase()} yet`}
                        description={`${slot.label} of this ${type.singular.toLowerCase()} will be listed here, newest first.`}
                      />
                    </Card>
                  )}
                </Tabs.Panel>
              );
            })}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Facts detail={detail.data} />
            {detailSidePanels().map(([key, Panel]) => (
              <Panel key={key} typeId={typeId} record={record} />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>

      <RecordFormModal
        typeId={typeId}
        opened={editing}
        onClose={() => setEditing(false)}
        editing={{ record, sections: detail.data.sections, refs: detail.data.refs }}
      />
      {adding && (
        <RecordFormModal
          typeId={adding.typeId}
          opened
          source={adding.source}
          onClose={() => setAdding(null)}
          onSaved={(created) => navigate(CRM_PATHS.detail(adding.typeId, created.id))}
        />
      )}
      {mayMerge && (
        <MergeRecordsModal detail={detail.data} typeId={typeId} opened={merging} onClose={() => setMerging(false)} />
      )}
      {typeId === 1 && <ConvertLeadModal lead={record} opened={converting} onClose={() => setConverting(false)} />}
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={`Delete ${record.title}?`}>
        <Stack>
          <Text size="sm">It moves to Recently deleted, where you can restore it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(record, {
                  onSuccess: (result) => {
                    notifySuccess(result.message ?? 'Deleted');
                    navigate(CRM_PATHS.list(typeId));
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
