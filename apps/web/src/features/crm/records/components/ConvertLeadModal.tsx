import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CrmRecord, FieldValue } from '@tradeloop/contracts/crm/records';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useConvertLead } from '../api/convert-lead.ts';
import { useFields } from '../api/get-fields.ts';
import { fromListField } from '../../shared/fields.ts';
import { CRM_PATHS } from '../../shared/paths.ts';
import { FieldInput } from './FieldInput.tsx';

/** Lead conversion: a contact always, an account (found by company name, chosen, or new), a deal if asked. */
export function ConvertLeadModal({ lead, opened, onClose }: { lead: CrmRecord; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const convert = useConvertLead();
  const dealFields = useFields(2);
  const stageField = dealFields.data?.find((field) => field.name === 'stage');
  const company = typeof lead.values.company === 'string' ? lead.values.company : '';
  const [accountMode, setAccountMode] = useState<'auto' | 'existing'>('auto');
  const [accountId, setAccountId] = useState<FieldValue>(null);
  const [withDeal, setWithDeal] = useState(false);
  const [deal, setDeal] = useState({
    deal_name: `${company || lead.title} deal`,
    amount: '' as number | string,
    stage: '',
    closing_date: '',
  });

  const handleConvert = () =>
    convert.mutate(
      {
        lead_id: lead.id,
        account_id: accountMode === 'existing' && typeof accountId === 'number' ? accountId : null,
        create_deal: withDeal,
        deal: withDeal
          ? {
              deal_name: deal.deal_name || undefined,
              amount: typeof deal.amount === 'number' ? deal.amount : undefined,
              stage: deal.stage || undefined,
              closing_date: deal.closing_date || undefined,
            }
          : undefined,
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Lead converted');
          onClose();
          navigate(CRM_PATHS.detail(4, result.data.contact.id));
        },
      },
    );

  const accountField = fromListField({
    id: null,
    name: 'account',
    label: 'Account',
    field_type: 'lookup',
    option_list: [],
    settings: { lookup_type_id: 3 },
    is_system: true,
    on_form: true,
    conditions: [],
  });

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Convert {lead.title}</Text>} size="lg">
      <Stack>
        <Alert variant="light" icon={<IconInfoCircle size={16} />}>
          A contact is created from this lead. Its notes, files, tasks, meetings, calls, e-mails, tags and history move
          to the contact; its requests, engagement and quotation stay with the lead and show on the contact.
        </Alert>
        <Radio.Group
          label="Account"
          value={accountMode}
          onChange={(value) => setAccountMode(value as 'auto' | 'existing')}
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="auto"
              label={
                company
                  ? `Use “${company}” (linked if it exists, created if not)`
                  : 'No company on this lead: no account'
              }
            />
            <Radio value="existing" label="Choose an existing account" />
          </Stack>
        </Radio.Group>
        {accountMode === 'existing' && <FieldInput field={accountField} value={accountId} onChange={setAccountId} />}
        <Checkbox
          label="Also create a deal"
          checked={withDeal}
          onChange={(event) => setWithDeal(event.currentTarget.checked)}
        />
        {withDeal && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Deal name"
              value={deal.deal_name}
              onChange={(event) => setDeal({ ...deal, deal_name: event.currentTarget.value })}
            />
            <NumberInput
              label="Amount"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              value={deal.amount}
              onChange={(amount) => setDeal({ ...deal, amount })}
            />
            <Select
              label="Stage"
              data={stageField?.option_list ?? []}
              placeholder={stageField?.option_list[0]}
              value={deal.stage || null}
              onChange={(stage) => setDeal({ ...deal, stage: stage ?? '' })}
            />
            <TextInput
              label="Closing date"
              type="date"
              value={deal.closing_date}
              onChange={(event) => setDeal({ ...deal, closing_date: event.currentTarget.value })}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={convert.isPending}
            onClick={handleConvert}
            disabled={accountMode === 'existing' && typeof accountId !== 'number'}
          >
            Convert lead
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
