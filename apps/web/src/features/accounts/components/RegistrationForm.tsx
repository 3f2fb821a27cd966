import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Profile } from '@tradeloop/contracts/accounts';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';
import { ProfileFormActions } from './ProfileFormActions.tsx';
import { useProfileForm } from './use-profile-form.ts';

const FIELDS = [
  'reg_street_address',
  'reg_additional_address',
  'registration_city',
  'reg_region_state_province',
  'registration_postalcode',
] as const;

/** The company's registered address (spec section 3), as on its registration documents. */
export function RegistrationForm({ profile }: { profile: Profile }) {
  const { form, alert, handleSubmit, handleDiscard, isSaving } = useProfileForm(profile, FIELDS);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Company registration address">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The address {profile.company_name ?? 'your company'} is registered at. Buyers see it on quotes and your
          company profile.
        </Text>
        <TextInput
          label={LABELS.reg_street_address}
          autoComplete="address-line1"
          {...form.getInputProps('reg_street_address')}
        />
        <TextInput
          label={LABELS.reg_additional_address}
          autoComplete="address-line2"
          {...form.getInputProps('reg_additional_address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={LABELS.registration_city}
            autoComplete="address-level2"
            {...form.getInputProps('registration_city')}
          />
          <TextInput
            label={LABELS.reg_region_state_province}
            autoComplete="address-level1"
            {...form.getInputProps('reg_region_state_province')}
          />
          <TextInput
            label={LABELS.registration_postalcode}
            autoComplete="postal-code"
            {...form.getInputProps('registration_postalcode')}
          />
        </SimpleGrid>
      </Stack>
      <ProfileFormActions alert={alert} isDirty={form.isDirty()} isSaving={isSaving} onDiscard={handleDiscard} />
    </form>
  );
}
