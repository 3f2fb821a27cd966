import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCan } from '../../../../lib/permissions.ts';
import { AssignmentRulesSection } from '../components/AssignmentRulesSection.tsx';
import { LeadStatusesSection } from '../components/LeadStatusesSection.tsx';

/** CRM settings: lead statuses and assignment rules. Everyone of the company reads; a role with crm.settings changes. */
export function CrmSettingsPage() {
  useDocumentTitle('Settings · CRM · TradeLoop');
  const canEdit = useCan()('crm.settings');
  return (
    <Stack gap="lg" maw={980}>
      <div>
        <Title order={1} size="h2">
          CRM settings
        </Title>
        <Text c="dimmed">How leads move through your pipeline and who works on them.</Text>
      </div>
      <LeadStatusesSection canEdit={canEdit} />
      <AssignmentRulesSection canEdit={canEdit} />
    </Stack>
  );
}
