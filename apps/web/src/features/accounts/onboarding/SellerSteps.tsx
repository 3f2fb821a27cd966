import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck, IconFileImport, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Profile } from '@tradeloop/contracts/accounts';
import { ONBOARDING_TEXTS as TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth-constants';
import { useCountryOptions } from '../../reference/api/get-countries.ts';
import { MobileVerificationModal } from '../components/MobileVerificationModal.tsx';
import { RegistrationAddressFields } from '../components/RegistrationAddressFields.tsx';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';
import { timeZoneOptionsWith } from '../time-zones.ts';
import { StepActions, type StepProps } from './StepActions.tsx';
import { useStepForm } from './use-step-form.ts';

const COMPANY_FIELDS = [
  'company_type',
  'country',
  'reg_street_address',
  'reg_additional_address',
  'registration_city',
  'reg_region_state_province',
  'registration_postalcode',
] as const;

/** The company: its type (spec section 1), country and registered address (spec section 3). */
export function CompanyStep({ profile, ...step }: StepProps & { profile: Profile }) {
  const { form, alert, handleSubmit, saving } = useStepForm(profile, COMPANY_FIELDS, step.onDone);
  const { countries, options: countryOptions } = useCountryOptions();
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={TEXTS.steps.company.label}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={LABELS.company_type}
            placeholder="Choose your company type"
            data={COMPANY_TYPES}
            allowDeselect={false}
            value={form.values.company_type || null}
            error={form.errors.company_type}
            onChange={(value) => form.setFieldValue('company_type', value ?? '')}
          />
          <Select
            label={LABELS.country}
            placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
            data={countryOptions}
            searchable
            clearable
            nothingFoundMessage="No country matches"
            value={form.values.country || null}
            error={form.errors.country}
            onChange={(value) => form.setFieldValue('country', value ?? '')}
          />
        </SimpleGrid>
        <RegistrationAddressFields inputProps={(field) => form.getInputProps(field)} />
      </Stack>
      <StepActions {...step} alert={alert} saving={saving} />
    </form>
  );
}

const JOB_STEP_FIELDS = [
  'designation',
  'department',
  'job_function',
  'years_of_experience',
  'language',
  'time_zone',
  'target_customer',
  'sales_skills',
] as const;
const EXPERIENCE = ['Less than 1 year', '1–3 years', '3–5 years', '5–10 years', 'More than 10 years'];

/** Job details (spec section 3): the ones that count towards a seller's completion. */
export function JobStep({ profile, ...step }: StepProps & { profile: Profile }) {
  const { form, alert, handleSubmit, saving } = useStepForm(profile, JOB_STEP_FIELDS, step.onDone);
  const zone = form.values.time_zone;
  const zoneOptions = useMemo(() => timeZoneOptionsWith(zone), [zone]);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={TEXTS.steps.job.label}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={LABELS.designation}
          placeholder="e.g. Export Manager"
          {...form.getInputProps('designation')}
        />
        <TextInput label={LABELS.department} placeholder="e.g. Sales" {...form.getInputProps('department')} />
        <TextInput
          label={LABELS.job_function}
          placeholder="e.g. Business development"
          {...form.getInputProps('job_function')}
        />
        <Select
          label={LABELS.years_of_experience}
          placeholder="Choose a range"
          data={
            EXPERIENCE.includes(form.values.years_of_experience) || !form.values.years_of_experience
              ? EXPERIENCE
              : [form.values.years_of_experience, ...EXPERIENCE]
          }
          clearable
          value={form.values.years_of_experience || null}
          error={form.errors.years_of_experience}
          onChange={(value) => form.setFieldValue('years_of_experience', value ?? '')}
        />
        <TextInput
          label={LABELS.language}
          placeholder="e.g. English, Hindi, German"
          {...form.getInputProps('language')}
        />
        <Select
          label={LABELS.time_zone}
          placeholder="Choose your time zone"
          data={zoneOptions}
          searchable
          clearable
          limit={100}
          nothingFoundMessage="No time zone matches"
          value={form.values.time_zone || null}
          error={form.errors.time_zone}
          onChange={(value) => form.setFieldValue('time_zone', value ?? '')}
        />
      </SimpleGrid>
      <Stack gap="md" mt="md">
        <Textarea
          label={LABELS.target_customer}
          placeholder="Who buys from you: industries, company sizes, regions"
          autosize
          minRows={2}
          {...form.getInputProps('target_customer')}
        />
        <Textarea
          label={LABELS.sales_skills}
          placeholder="e.g. Tender management, technical selling"
          autosize
          minRows={2}
          {...form.getInputProps('sales_skills')}
        />
      </Stack>
      <StepActions {...step} alert={alert} saving={saving} />
    </form>
  );
}

/** Mobile verification through the existing modal and calls (decision 033); a verified number finishes the step. */
export function MobileStep({ profile, ...step }: StepProps & { profile: Profile }) {
  const [opened, setOpened] = useState(false);
  const verified = profile.mobile_verified === 'verified';
  const handleVerified = () => {
    setOpened(false);
    void step.onDone();
  };
  return (
    <div>
      {verified ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {TEXTS.mobileVerified} {profile.mobile_country_code} {profile.mobile}
        </Alert>
      ) : (
        <Text>
          Buyers trust sellers they can reach. We text a 4-digit code to your mobile number; it is never shown to
          anyone.
        </Text>
      )}
      <MobileVerificationModal
        profile={profile}
        mode={profile.mobile ? 'old' : 'new'}
        opened={opened}
        onClose={() => setOpened(false)}
        onVerified={handleVerified}
      />
      <StepActions
        {...step}
        onSubmit={verified ? () => void step.onDone() : () => setOpened(true)}
        submitLabel={verified ? undefined : TEXTS.verifyMobile}
      />
    </div>
  );
}

/** A first product (the product editor) or the catalogue import: either one finishes onboarding. */
export function ProductStep({ onNavigate, ...step }: StepProps & { onNavigate: (to: string) => Promise<void> }) {
  const choices = [
    {
      to: '/products/create',
      label: TEXTS.addProduct,
      icon: IconPackage,
      text: 'Name, price, photos and specifications.',
    },
    {
      to: '/products/List?import=1',
      label: TEXTS.importCatalogue,
      icon: IconFileImport,
      text: 'Bring many products at once from a CSV file.',
    },
  ];
  return (
    <div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {choices.map((choice) => (
          <Card key={choice.to} withBorder padding="lg">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <choice.icon size={28} aria-hidden />
              <Stack gap={6}>
                <Text size="sm">{choice.text}</Text>
                <Button
                  component={Link}
                  to={choice.to}
                  variant="light"
                  onClick={(event) => {
                    event.preventDefault();
                    void onNavigate(choice.to);
                  }}
                >
                  {choice.label}
                </Button>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <StepActions {...step} noSubmit />
    </div>
  );
}
