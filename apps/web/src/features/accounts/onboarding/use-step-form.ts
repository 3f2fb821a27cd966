import { useState } from 'react';
import { useForm } from '@mantine/form';
import {
  updateProfileBodySchema,
  type Profile,
  type ProfileField,
  type UpdateProfileBody,
} from '@tradeloop/contracts/accounts';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { toFormValues, toUpdateBody, type TextValues } from '../profile-fields.ts';

const validateUpdate = zodFormValidator(updateProfileBodySchema);

/**
 * An onboarding step's form over profile fields: the contract validates it, the changed fields go
 * through PATCH profile/updateProfile (nothing is sent when nothing changed), then `onSaved` runs.
 */
export function useStepForm<K extends ProfileField>(
  profile: Profile,
  fields: readonly K[],
  onSaved: () => Promise<void>,
) {
  const updateProfile = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<TextValues<K>>({
    initialValues: toFormValues(profile, fields),
    validate: (values) => validateUpdate(toUpdateBody(values)),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setAlert(null);
    setSaving(true);
    try {
      const body = toUpdateBody(values);
      const changed = Object.fromEntries(
        Object.entries(body).filter(([field]) => form.isDirty(field)),
      ) as UpdateProfileBody;
      if (Object.keys(changed).length > 0) {
        const result = await updateProfile.mutateAsync(changed);
        form.resetDirty(toFormValues(result.data, fields));
      }
      await onSaved();
    } catch (error) {
      showSubmitError(error, form, setAlert);
    } finally {
      setSaving(false);
    }
  });

  return { form, alert, handleSubmit, saving };
}
