import { Button, Group } from '@mantine/core';
import { ONBOARDING_TEXTS as TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { FormAlert } from '../../../components/FormAlert.tsx';

export type StepProps = {
  /** Marks the step done and moves on (the last step finishes onboarding). */
  onDone: () => Promise<void>;
  /** Marks the step skipped and moves on. */
  onSkip: () => Promise<void>;
  onBack: (() => void) | null;
  /** A step call is on its way. */
  busy: boolean;
  last: boolean;
};

type StepActionsProps = Pick<StepProps, 'onSkip' | 'onBack' | 'busy' | 'last'> & {
  alert?: string | null;
  saving?: boolean;
  /** Without it the main button submits the step's form. */
  onSubmit?: () => void;
  submitLabel?: string;
  /** The step's own buttons move on (the product step): no main button here. */
  noSubmit?: boolean;
};

/** The foot of every step: Back, Skip this step, Save and continue (Finish on the last step). */
export function StepActions({
  onSkip,
  onBack,
  busy,
  last,
  alert,
  saving,
  onSubmit,
  submitLabel,
  noSubmit,
}: StepActionsProps) {
  return (
    <>
      {alert && <FormAlert message={alert} />}
      <Group justify="space-between" mt="lg" gap="sm">
        {onBack ? (
          <Button variant="subtle" onClick={onBack} disabled={busy || saving}>
            {TEXTS.back}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => void onSkip()} disabled={busy || saving}>
            {TEXTS.skip}
          </Button>
          {!noSubmit && (
            <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={busy || saving}>
              {submitLabel ?? (last ? TEXTS.finish : TEXTS.saveAndContinue)}
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
