import {
  Badge,
  Button,
  Code,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconServerBolt } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { jobDiscardBodySchema, jobListQuerySchema, type Job } from '@tradeloop/contracts/jobs';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { PagePagination } from '../../../components/PagePagination.tsx';
import { useIsOperator } from '../api/operator.ts';
import { useFailedJobs, useJobAction, useJobQueues, type FailedJobFilter } from '../api/jobs.ts';
import { OperatorsOnly } from '../../../components/OperatorsOnly.tsx';

const seconds = (value: number | null) =>
  value === null ? '–' : value < 60 ? `${Math.round(value)} s` : `${Math.round(value / 60)} min`;

/** The first message of a field's parse, or undefined when it is valid. */
function fieldError(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error?.issues[0]?.message;
}

/** /operator/jobs: the platform operator's console of background work (decision 049). */
export function BackgroundJobsPage() {
  useDocumentTitle('Background jobs · TradeLoop');
  const operator = useIsOperator();
  const [filter, setFilter] = useState<FailedJobFilter>({ page: 1 });
  const [eventText, setEventText] = useState('');
  const [companyText, setCompanyText] = useState('');
  const [errors, setErrors] = useState<{ event?: string; company?: string }>({});
  const [discarding, setDiscarding] = useState<Job | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const queues = useJobQueues(operator === true);
  const failed = useFailedJobs(filter, operator === true);
  const retry = useJobAction('retry');
  const discard = useJobAction('discard');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      event: eventText.trim() ? fieldError(jobListQuerySchema.shape.event, eventText.trim()) : undefined,
      company: companyText.trim() ? fieldError(jobListQuerySchema.shape.company, companyText.trim()) : undefined,
    };
    setErrors(found);
    if (found.event || found.company) return;
    setFilter({
      page: 1,
      event: eventText.trim() || undefined,
      company: companyText.trim() ? Number(companyText.trim()) : undefined,
    });
  };
  const confirmDiscard = () => {
    const message = fieldError(jobDiscardBodySchema.shape.reason, reason);
    setReasonError(message);
    if (message || !discarding) return;
    discard.mutate(
      { id: discarding.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          setDiscarding(null);
          setReason('');
        },
      },
    );
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Background jobs
          </Title>
          <Text c="dimmed" size="sm">
            Event deliveries, mail and periodic passes: how deep each queue is, how fast it drains, and the deliveries
            that failed for good.
          </Text>
        </div>
        {operator === false ? (
          <OperatorsOnly icon={<IconServerBolt size={32} />} />
        ) : operator === undefined ? (
          <Skeleton height={300} aria-busy="true" role="status" aria-label="Loading background jobs" />
        ) : (
          <>
            <section aria-labelledby="queues-title">
              <Title order={2} size="h4" id="queues-title" mb="sm">
                Queues
              </Title>
              {queues.isError && !queues.data ? (
                <ErrorState onRetry={() => void queues.refetch()} />
              ) : !queues.data ? (
                <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading the queues" />
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="xs" striped aria-label="Queues">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Queue</Table.Th>
                        <Table.Th>Priority</Table.Th>
                        <Table.Th>Due</Table.Th>
                        <Table.Th>Later</Table.Th>
                        <Table.Th>Running</Table.Th>
                        <Table.Th>Oldest due</Table.Th>
                        <Table.Th>Done last minute</Table.Th>
                        <Table.Th>Failed</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {queues.data.map((queue) => (
                        <Table.Tr key={queue.queue}>
                          <Table.Td>
                            <Code>{queue.queue}</Code>
                          </Table.Td>
                          <Table.Td>{queue.priority}</Table.Td>
                          <Table.Td>{queue.due}</Table.Td>
                          <Table.Td>{queue.later}</Table.Td>
                          <Table.Td>{queue.running}</Table.Td>
                          <Table.Td>{seconds(queue.oldest_due_seconds)}</Table.Td>
                          <Table.Td>{queue.done_last_minute}</Table.Td>
                          <Table.Td>
                            {queue.failed > 0 ? (
                              <Badge color="red" variant="light">
                                {queue.failed}
                              </Badge>
                            ) : (
                              0
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </section>

            <section aria-labelledby="failed-title">
              <Title order={2} size="h4" id="failed-title" mb="sm">
                Failed deliveries
              </Title>
              <form onSubmit={search} noValidate aria-label="Search failed deliveries">
                <Group align="flex-start" mb="md" wrap="wrap">
                  <TextInput
                    label="Event name"
                    placeholder="quote.submitted"
                    value={eventText}
                    onChange={(event) => setEventText(event.currentTarget.value)}
                    error={errors.event}
                  />
                  <TextInput
                    label="Company id"
                    inputMode="numeric"
                    value={companyText}
                    onChange={(event) => setCompanyText(event.currentTarget.value)}
                    error={errors.company}
                  />
                  <Button type="submit" mt={25}>
                    Search
                  </Button>
                </Group>
              </form>
              {failed.isError && !failed.data ? (
                <ErrorState onRetry={() => void failed.refetch()} />
              ) : !failed.data ? (
                <Skeleton height={160} aria-busy="true" role="status" aria-label="Loading failed deliveries" />
              ) : failed.data.total === 0 ? (
                <EmptyState
                  icon={<IconServerBolt size={32} />}
                  title="No failed deliveries"
                  description="Every delivery that was asked for has gone through or is still being tried."
                />
              ) : (
                <Stack gap="md">
                  <Table.ScrollContainer minWidth={720}>
                    <Table verticalSpacing="xs" striped aria-label="Failed deliveries">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Event</Table.Th>
                          <Table.Th>Subscriber</Table.Th>
                          <Table.Th>Company</Table.Th>
                          <Table.Th>Attempts</Table.Th>
                          <Table.Th>Last error</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>Actions</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {failed.data.data.map((job) => (
                          <Table.Tr key={job.id}>
                            <Table.Td>{job.event_name ?? '–'}</Table.Td>
                            <Table.Td>
                              <Code>{job.queue.replace(/^event:/, '')}</Code>
                            </Table.Td>
                            <Table.Td>{job.company_id ?? '–'}</Table.Td>
                            <Table.Td>
                              {job.attempts} of {job.max_attempts}
                            </Table.Td>
                            <Table.Td style={{ maxWidth: 420, overflowWrap: 'anywhere' }}>{job.last_error}</Table.Td>
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <Button
                                  size="xs"
                                  variant="light"
                                  loading={retry.isPending && retry.variables?.id === job.id}
                                  onClick={() => retry.mutate({ id: job.id })}
                                  aria-label={`Retry delivery ${job.id} of ${job.event_name ?? job.queue}`}
                                >
                                  Retry
                                </Button>
                                <Button
                                  size="xs"
                                  variant="subtle"
                                  color="red"
                                  onClick={() => {
                                    setReason('');
                                    setReasonError(undefined);
                                    setDiscarding(job);
                                  }}
                                  aria-label={`Discard delivery ${job.id} of ${job.event_name ?? job.queue}`}
                                >
                                  Discard
                                </Button>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <PagePagination page={failed.data} onChange={(page) => setFilter({ ...filter, page })} />
                </Stack>
              )}
            </section>
          </>
        )}
      </Stack>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title="Discard this delivery?">
        <Stack gap="md">
          <Text size="sm">
            The delivery of {discarding?.event_name ?? discarding?.queue} to{' '}
            <Code>{discarding?.queue.replace(/^event:/, '')}</Code> will never run again. Your name and the time are
            recorded on it.
          </Text>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
            autosize
            minRows={2}
          />
          <ModalActions
            onCancel={() => setDiscarding(null)}
            submitLabel="Discard delivery"
            color="red"
            onSubmit={confirmDiscard}
            loading={discard.isPending}
          />
        </Stack>
      </Modal>
    </Container>
  );
}
