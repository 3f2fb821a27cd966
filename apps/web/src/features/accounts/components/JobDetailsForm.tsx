import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { Profile } from '@tradeloop/contracts/accounts';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth-constants';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';
import { browserTimeZone, timeZoneOptionsWith } from '../time-zones.ts';
import { ProfileFormActions } from './ProfileFormActions.tsx';
import { useProfileForm } from './use-profile-form.ts';

const COMMON_FIELDS = [
  'department',
  'designation',
  'job_function',
  'job_role',
  'years_of_experience',
  'main_language_1',
  'language',
  'time_zone',
  'education',
  'location',
  'certification',
] as const;
const SELLING_FIELDS = ['company_type', 'target_customer', 'industry_expertise', 'sales_skills'] as const;
const BUYING_FIELDS = [
  'procurement_priorities',
  'purchasing_authority',
  'technical_expertise',
  'industry_knowledge',
] as const;

const EXPERIENCE = ['Less than 1 year', '1–3 years', '3–5 years', '5–10 years', 'More than 10 years'];
const AUTHORITY = ['Recommends suppliers', 'Approves purchases', 'Final decision maker', 'Budget holder'];

function withCurrent(options: string[], current: string) {
  return current && !options.includes(current) ? [current, ...options] : options;
}

/** Job details of spec section 3: sellers and sub-users describe how they sell, buyers how they buy. */
export function JobDetailsForm({ profile }: { profile: Profile }) {
  const isBuyer = profile.user_type === 'others';
  const fields = isBuyer ? [...COMMON_FIELDS, ...BUYING_FIELDS] : [...COMMON_FIELDS, ...SELLING_FIELDS];
  const { form, alert, handleSubmit, handleDiscard, isSaving } = useProfileForm(profile, fields);
  const values = form.values as Record<string, string>;
  const input = (field: string) => form.getInputProps(field);
  const localZone = browserTimeZone();
  const currentZone = values.time_zone ?? '';
  const zoneOptions = useMemo(() => timeZoneOptionsWith(currentZone), [currentZone]);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Job details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABELS.designation} placeholder="e.g. Export Manager" {...input('designation')} />
          <TextInput label={LABELS.department} placeholder="e.g. Sales" {...input('department')} />
          <TextInput label={LABELS.job_function} placeholder="e.g. Business development" {...input('job_function')} />
          <TextInput label={LABELS.job_role} placeholder="e.g. Key account lead" {...input('job_role')} />
          <Select
            label={LABELS.years_of_experience}
            placeholder="Choose a range"
            data={withCurrent(EXPERIENCE, values.years_of_experience ?? '')}
            clearable
            value={values.years_of_experience || null}
            error={form.errors.years_of_experience}
            onChange={(value) => form.setFieldValue('years_of_experience', value ?? '')}
          />
          <Select
            label={LABELS.time_zone}
            placeholder="Choose your time zone"
            description={localZone && !values.time_zone ? `Your browser says ${localZone}.` : undefined}
            data={zoneOptions}
            searchable
            clearable
            limit={100}
            nothingFoundMessage="No time zone matches"
            value={values.time_zone || null}
            error={form.errors.time_zone}
            onChange={(value) => form.setFieldValue('time_zone', value ?? '')}
          />
          <TextInput label={LABELS.main_language_1} placeholder="e.g. English" {...input('main_language_1')} />
          <TextInput label={LABELS.language} placeholder="e.g. English, Hindi, German" {...input('language')} />
          <TextInput label={LABELS.education} placeholder="e.g. MBA, Operations" {...input('education')} />
          <TextInput label={LABELS.location} placeholder="e.g. Pune office" {...input('location')} />
        </SimpleGrid>
        <Textarea
          label={LABELS.certification}
          placeholder="e.g. ISO 9001 lead auditor"
          autosize
          minRows={2}
          {...input('certification')}
        />

        <Title order={3} size="h5" mt="sm">
          {isBuyer ? 'How you buy' : 'How you sell'}
        </Title>
        {isBuyer ? (
          <>
            <Select
              label={LABELS.purchasing_authority}
              placeholder="Your role in purchase decisions"
              data={withCurrent(AUTHORITY, values.purchasing_authority ?? '')}
              clearable
              value={values.purchasing_authority || null}
              error={form.errors.purchasing_authority}
              onChange={(value) => form.setFieldValue('purchasing_authority', value ?? '')}
            />
            <Textarea
              label={LABELS.procurement_priorities}
              placeholder="What matters most: price, lead time, certification…"
              autosize
              minRows={2}
              {...input('procurement_priorities')}
            />
            <Textarea label={LABELS.industry_knowledge} autosize minRows={2} {...input('industry_knowledge')} />
            <Textarea label={LABELS.technical_expertise} autosize minRows={2} {...input('technical_expertise')} />
          </>
        ) : (
          <>
            <Select
              label={LABELS.company_type}
              placeholder="Choose a company type"
              data={COMPANY_TYPES}
              clearable
              value={values.company_type || null}
              error={form.errors.company_type}
              onChange={(value) => form.setFieldValue('company_type', value ?? '')}
            />
            <Textarea
              label={LABELS.target_customer}
              placeholder="Who buys from you: industries, company sizes, regions"
              autosize
              minRows={2}
              {...input('target_customer')}
            />
            <Textarea label={LABELS.industry_expertise} autosize minRows={2} {...input('industry_expertise')} />
            <Textarea
              label={LABELS.sales_skills}
              placeholder="e.g. Tender management, technical selling"
              autosize
              minRows={2}
              {...input('sales_skills')}
            />
          </>
        )}
      </Stack>
      <ProfileFormActions alert={alert} isDirty={form.isDirty()} isSaving={isSaving} onDiscard={handleDiscard} />
    </form>
  );
}
