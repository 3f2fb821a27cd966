import { lazy, Suspense, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconMail, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CrmEmail, EmailStatus } from '@tradeloop/contracts/crm/emails';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDeleteModal } from '../shared/ConfirmDeleteModal.tsx';
import type { DetailTabProps } from '../shared/detail-tabs.ts';
import { useDeleteEmails, useEmails } from './api.ts';
import { dateTimeLabel } from '../../../lib/format.ts';

// The rich-text editor is loaded when someone writes, not with every record page.
const EmailComposer = lazy(async () => ({ default: (await import('./EmailComposer.tsx')).EmailComposer }));

const STATUS: Record<EmailStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Not delivered', color: 'red' },
};

function EmailRow({
  email,
  onOpen,
  onDelete,
}: {
  email: CrmEmail;
  onOpen: (email: CrmEmail) => void;
  onDelete: (email: CrmEmail) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const editable = email.status !== 'sent';
  const status = STATUS[email.status];
  return (
    <Card withBorder padding="sm" data-testid="email-item" data-status={email.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton
          style={{ flex: 1, minWidth: 0 }}
          onClick={() => (editable ? onOpen(email) : setExpanded((open) => !open))}
          aria-expanded={editable ? undefined : expanded}
        >
          <Group gap="xs" wrap="nowrap">
            <Badge size="sm" variant="light" color={status.color} tt="none">
              {status.label}
            </Badge>
            <Text fw={600} size="sm" truncate>
              {email.subject || '(no subject)'}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate mt={4}>
            {email.to.length ? `To ${email.to.join(', ')}` : 'No recipient yet'}
            {email.cc.length ? ` · Cc ${email.cc.join(', ')}` : ''} ·{' '}
            {email.sent_at ? `sent ${dateTimeLabel(email.sent_at)}` : `saved ${dateTimeLabel(email.updated_at)}`}
            {email.author ? ` by ${email.author.full_name}` : ''}
          </Text>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="E-mail actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {editable && (
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onOpen(email)}>
                Continue writing
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(email)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Collapse in={expanded}>
        {/* The server keeps only safe markup in an e-mail's body (emails-html.ts). */}
        <Typography mt="sm" fz="sm">
          <div dangerouslySetInnerHTML={{ __html: email.body }} />
        </Typography>
      </Collapse>
    </Card>
  );
}

/** The E-mails tab: a composer (new or an open draft) above the record's drafts and sent e-mails. */
export function EmailsTab({ typeId, record }: DetailTabProps) {
  const emails = useEmails(typeId, record);
  const remove = useDeleteEmails(typeId, record);
  const [composing, setComposing] = useState<{ draft: CrmEmail | null } | null>(null);
  // The draft open in the composer (a new one has an id after its first save) is not listed twice.
  const [openDraftId, setOpenDraftId] = useState<number | null>(null);
  const open = (draft: CrmEmail | null) => {
    setComposing({ draft });
    setOpenDraftId(draft?.id ?? null);
  };
  const [deleting, setDeleting] = useState<CrmEmail | null>(null);
  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], {
      onSuccess: (result) => {
        notifySuccess(result.message ?? 'Deleted');
        if (openDraftId === deleting.id) setComposing(null);
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      {composing ? (
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <EmailComposer
            key={composing.draft?.id ?? 'new'}
            typeId={typeId}
            record={record}
            draft={composing.draft}
            onClose={() => setComposing(null)}
            onDraftSaved={setOpenDraftId}
          />
        </Suspense>
      ) : (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="email-compose">
            Write an e-mail
          </Button>
        </Group>
      )}
      {emails.isPending ? (
        <Stack gap="sm">
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : emails.isError ? (
        <ErrorState onRetry={() => void emails.refetch()} />
      ) : emails.data.length === 0 ? (
        !composing && (
          <Card>
            <EmptyState
              icon={<IconMail size={30} />}
              title="No e-mails yet"
              description="Write to this record's contacts from here: drafts save themselves, and sent e-mails stay in the history."
            />
          </Card>
        )
      ) : (
        <Stack gap="sm" data-testid="emails-list">
          {emails.data
            .filter((email) => !composing || email.id !== openDraftId)
            .map((email) => (
              <EmailRow key={email.id} email={email} onOpen={open} onDelete={setDeleting} />
            ))}
        </Stack>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this e-mail?"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      >
        {deleting?.status === 'sent'
          ? 'Your copy is deleted; the e-mail has already gone out and its line stays in the timeline.'
          : 'The draft is deleted.'}
      </ConfirmDeleteModal>
    </Stack>
  );
}
