import { SimpleGrid, TextInput } from '@mantine/core';
import type { REGISTRATION_FIELDS } from '@tradeloop/contracts/accounts';
import { PROFILE_FIELD_LABELS as LABELS } from '../profile-fields.ts';

type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The company registration address (spec section 3), for any form holding its five fields. */
export function RegistrationAddressFields({ inputProps }: { inputProps: (field: RegistrationField) => object }) {
  return (
    <>
      <TextInput label={LABELS.reg_street_address} autoComplete="address-line1" {...inputProps('reg_street_address')} />
      <TextInput
        label={LABELS.reg_additional_address}
        autoComplete="address-line2"
        {...inputProps('reg_additional_address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={LABELS.registration_city}
          autoComplete="address-level2"
          {...inputProps('registration_city')}
        />
        <TextInput
          label={LABELS.reg_region_state_province}
          autoComplete="address-level1"
          {...inputProps('reg_region_state_province')}
        />
        <TextInput
          label={LABELS.registration_postalcode}
          autoComplete="postal-code"
          {...inputProps('registration_postalcode')}
        />
      </SimpleGrid>
    </>
  );
}
