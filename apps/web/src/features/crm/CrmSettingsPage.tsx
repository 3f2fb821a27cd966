import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCan } from '../../lib/permissions.ts';
import { AssignmentRulesSection } from './leads/components/AssignmentRulesSection.tsx';
import { LeadStatusesSection } from './leads/components/LeadStatusesSection.tsx';
import { SectionCard } from './leads/components/SettingsParts.tsx';
import { SCORING_PATH } from './scoring/paths.ts';
import { AUTOMATION_PATH } from './automation/paths.ts';

/** CRM settings: lead statuses, assignment rules and ways to the lead scoring weights and the automation rules. Everyone of the company reads; a role with crm.settings changes. */
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
      <SectionCard
        title="Lead scoring"
        description="How much contact details, company, BANT, product fit, engagement and intent count towards each lead's score."
        action={
          <Button component={Link} to={SCORING_PATH} variant="light">
            Scoring weights
          </Button>
        }
      >
        {null}
      </SectionCard>
      <SectionCard
        title="Automation"
        description="Rules that do routine work when something happens to a lead: assign it, set its status, tag it, create a task, e-mail the buyer or notify someone."
        action={
          <Button component={Link} to={AUTOMATION_PATH} variant="light">
            Automation rules
          </Button>
        }
      >
        {null}
      </SectionCard>
    </Stack>
  );
}
