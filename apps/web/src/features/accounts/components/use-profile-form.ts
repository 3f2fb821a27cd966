import { useState } from 'react';
import { useForm } from '@mantine/form';
import {
  updateProfileBodySchema,
  type Profile,
  type ProfileField,
  type UpdateProfileBody,
} from '@tradeloop/contracts/accounts';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { toFormValues, toUpdateBody, type TextValues } from '../profile-fields.ts';

const validateUpdate = zodFormValidator(updateProfileBodySchema);

/**
 * One profile tab's form: values from the profile, validated by the contract's
 * updateProfileBodySchema, saved with PATCH profile/updateProfile sending only what changed.
 */
export function useProfileForm<K extends ProfileField>(profile: Profile, fields: readonly K[]) {
  const updateProfile = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<TextValues<K>>({
    initialValues: toFormValues(profile, fields),
    validate: (values) => validateUpdate(toUpdateBody(values)),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setAlert(null);
    const body = toUpdateBody(values);
    const changed = Object.fromEntries(
      Object.entries(body).filter(([field]) => form.isDirty(field)),
    ) as UpdateProfileBody;
    try {
      const result = await updateProfile.mutateAsync(changed);
      const saved = toFormValues(result.data, fields);
      form.setInitialValues(saved);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(result.message ?? 'Saved.');
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  });

  const handleDiscard = () => {
    form.reset();
    setAlert(null);
  };

  return { form, alert, handleSubmit, handleDiscard, isSaving: updateProfile.isPending };
}
