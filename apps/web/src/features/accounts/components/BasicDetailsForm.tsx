import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { GENDERS, type Profile } from '@tradeloop/contracts/accounts';
import { withPlus } from '@tradeloop/contracts/accounts-mobile';
import { initials } from '../../../lib/format.ts';
import { usePhoneCountries } from '../../reference/api/get-phone-countries.ts';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';
import { LocationFields } from './LocationFields.tsx';
import { MobileStatus } from './MobileStatus.tsx';
import { ProfileFormActions } from './ProfileFormActions.tsx';
import { ProfilePhoto } from './ProfilePhoto.tsx';
import { useProfileForm } from './use-profile-form.ts';

const FIELDS = [
  'full_name',
  'first_name',
  'last_name',
  'gender',
  'mobile_country_code',
  'mobile_code',
  'mobile',
  'country',
  'state',
  'city',
  'postal_code',
  'street_address',
  'address',
] as const;

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female', other: 'Other' };

export function BasicDetailsForm({ profile }: { profile: Profile }) {
  const { form, alert, handleSubmit, handleDiscard, isSaving } = useProfileForm(profile, FIELDS);
  const phoneCountries = usePhoneCountries();
  const dialOptions = (phoneCountries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.name} (${withPlus(country.phone)})`,
  }));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Basic details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABELS.full_name} autoComplete="name" withAsterisk {...form.getInputProps('full_name')} />
          <Select
            label={LABELS.gender}
            placeholder="Prefer not to say"
            data={GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }))}
            clearable
            {...form.getInputProps('gender')}
            value={form.values.gender || null}
            onChange={(value) => form.setFieldValue('gender', value ?? '')}
          />
          <TextInput
            label={LABELS.first_name}
            description="As suppliers should address you"
            autoComplete="given-name"
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={LABELS.last_name}
            description="Family name, even of several words"
            autoComplete="family-name"
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <ProfilePhoto avatar={profile.avatar_original} initials={initials(form.values.full_name || profile.email_id)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Mobile country"
            placeholder={phoneCountries.isPending ? 'Loading…' : 'Choose a country'}
            data={dialOptions}
            searchable
            clearable
            nothingFoundMessage="No country matches"
            value={form.values.mobile_code || null}
            error={form.errors.mobile_code ?? form.errors.mobile_country_code}
            onChange={(value) => {
              const country = phoneCountries.data?.find((item) => item.code === value);
              form.setFieldValue('mobile_code', value ?? '');
              form.setFieldValue('mobile_country_code', country ? withPlus(country.phone) : '');
            }}
          />
          <TextInput
            label={LABELS.mobile}
            placeholder="Digits only"
            inputMode="numeric"
            autoComplete="tel-national"
            leftSection={form.values.mobile_country_code || undefined}
            leftSectionWidth={form.values.mobile_country_code ? 56 : undefined}
            {...form.getInputProps('mobile')}
            onChange={(event) => form.setFieldValue('mobile', event.currentTarget.value.replace(/\D/g, ''))}
          />
        </SimpleGrid>
        <MobileStatus profile={profile} />
        <LocationFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={LABELS.street_address}
            autoComplete="address-line1"
            {...form.getInputProps('street_address')}
          />
          <TextInput label={LABELS.postal_code} autoComplete="postal-code" {...form.getInputProps('postal_code')} />
        </SimpleGrid>
        <Textarea
          label={LABELS.address}
          description="Building, floor, landmark: anything that helps a courier find you."
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('address')}
        />
      </Stack>
      <ProfileFormActions alert={alert} isDirty={form.isDirty()} isSaving={isSaving} onDiscard={handleDiscard} />
    </form>
  );
}
