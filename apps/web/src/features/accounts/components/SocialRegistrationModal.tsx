import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateProfileBodySchema, type Profile } from '@tradeloop/contracts/accounts';
import { SOCIAL_MESSAGES, SOCIAL_PROVIDER_NAMES, type SocialType } from '@tradeloop/contracts/auth-social-constants';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCountries } from '../../reference/api/get-countries.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';

/** What a social sign-in cannot tell us and the registration modal asks for (docs/decisions/037). */
const ASKED = ['designation', 'country'] as const;

/** Whether a social-login user still has to complete the registration modal. */
export function registrationPending(profile: Profile): boolean {
  return !!profile.social_type && ASKED.some((field) => !profile[field]?.trim());
}

type Values = { full_name: string; designation: string; department: string; country: string };

const validateUpdate = zodFormValidator(updateProfileBodySchema);

function validate(values: Values) {
  const errors = validateUpdate({ ...values, country: values.country || null });
  if (!values.designation.trim()) errors.designation = SOCIAL_MESSAGES.designationRequired;
  if (!values.country) errors.country = SOCIAL_MESSAGES.countryRequired;
  return errors;
}

/**
 * The registration modal of spec section 4 for social-login users: the provider gave a name and an
 * address; the person adds a job title, department and country (a seller's company came with the
 * sign-up). Saved through PATCH profile/updateProfile.
 */
export function SocialRegistrationModal({
  profile,
  onClose,
  onSaved,
}: {
  profile: Profile;
  onClose: () => void;
  onSaved: () => void;
}) {
  const updateProfile = useUpdateProfile();
  const countries = useCountries();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      full_name: profile.full_name,
      designation: profile.designation ?? '',
      department: profile.department ?? '',
      country: profile.country ?? '',
    },
    validate,
    validateInputOnBlur: true,
  });
  const provider = SOCIAL_PROVIDER_NAMES[profile.social_type as SocialType] ?? 'your provider';
  const countryOptions = (countries.data ?? [])
    .map((country) => ({ value: country.iso2, label: country.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const handleSubmit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      await updateProfile.mutateAsync({
        full_name: values.full_name,
        designation: values.designation,
        department: values.department,
        country: values.country,
      });
      notifySuccess(SOCIAL_MESSAGES.registrationSaved);
      onSaved();
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {SOCIAL_MESSAGES.registrationTitle}
        </Title>
      }
      centered
    >
      <form onSubmit={handleSubmit} noValidate aria-label={SOCIAL_MESSAGES.registrationTitle}>
        <Stack>
          <Text size="sm">{SOCIAL_MESSAGES.registrationIntro.replace('{provider}', provider)}</Text>
          <FormAlert message={alert} />
          <TextInput label={LABELS.full_name} autoComplete="name" withAsterisk {...form.getInputProps('full_name')} />
          {profile.company_name && (
            <TextInput label="Company" value={profile.company_name} readOnly description="From your sign-up" />
          )}
          <TextInput
            label="Job title"
            placeholder="Purchasing manager"
            autoComplete="organization-title"
            withAsterisk
            data-autofocus
            {...form.getInputProps('designation')}
          />
          <TextInput label={LABELS.department} placeholder="Procurement" {...form.getInputProps('department')} />
          <Select
            label={LABELS.country}
            placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
            data={countryOptions}
            searchable
            nothingFoundMessage="No country matches"
            withAsterisk
            {...form.getInputProps('country')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Later
            </Button>
            <Button type="submit" loading={updateProfile.isPending}>
              Save and continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
