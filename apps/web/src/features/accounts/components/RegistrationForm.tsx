import { Stack, Text } from '@mantine/core';
import type { Profile } from '@tradeloop/contracts/accounts';
import { ProfileFormActions } from './ProfileFormActions.tsx';
import { RegistrationAddressFields } from './RegistrationAddressFields.tsx';
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
        <RegistrationAddressFields inputProps={(field) => form.getInputProps(field)} />
      </Stack>
      <ProfileFormActions alert={alert} isDirty={form.isDirty()} isSaving={isSaving} onDiscard={handleDiscard} />
    </form>
  );
}
