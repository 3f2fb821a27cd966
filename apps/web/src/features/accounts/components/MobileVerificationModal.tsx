import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Profile } from '@tradeloop/contracts/accounts';
import {
  codeDigits,
  MOBILE_LIMITS,
  MOBILE_MESSAGES,
  mobileVerifyBodySchema,
  otpSchema,
  withPlus,
} from '@tradeloop/contracts/accounts-mobile';
import { TIMINGS } from '@tradeloop/contracts/common-constants';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { ModalActions } from '../../../components/ModalActions.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePhoneCountries } from '../../reference/api/get-phone-countries.ts';
import { useDefaultCountry } from '../../reference/default-country.ts';
import { useCheckMobileCode, useRequestMobileCode } from '../api/verify-mobile.ts';

/** 'new': enter a number, then the code. 'old': confirm the number on the profile, then the code. */
export type MobileModalMode = 'new' | 'old';
type Step = 'number' | 'confirm' | 'code';
type NumberForm = { mobile_number: string; country_code: string; mobile_country_code: string };

/** A message shown in the modal's alert, gone after TIMINGS.alertClearMs (spec sections 8 and 9). */
function useFleetingAlert() {
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), TIMINGS.alertClearMs);
    return () => window.clearTimeout(timer);
  }, [alert]);
  return [alert, setAlert] as const;
}

/**
 * Seconds left before another code may be asked for (spec section 9: 120 s, resend disabled until 0),
 * counted from a deadline so a throttled background tab still ends on time.
 */
function useCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const start = () => {
    setNow(Date.now());
    setDeadline(Date.now() + TIMINGS.resendCountdownSeconds * 1000);
  };
  return [left, start] as const;
}

function formatCountdown(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function initialNumber(profile: Profile): NumberForm {
  return {
    mobile_number: profile.mobile ?? '',
    country_code: profile.mobile_code ?? '',
    mobile_country_code: profile.mobile_country_code ?? '',
  };
}

/**
 * The mobile modals of spec sections 2, 4 and 5: the new-number modal (number, then 'Verify Your Mobile
 * Number' with a 4-digit code) and the existing-number modal ('Your account is almost ready', 'Confirm
 * Mobile No.', then the code). 'Mobile number already exists.' goes on the number field; other server
 * messages in an alert that clears after 5 seconds.
 */
export function MobileVerificationModal({
  profile,
  mode,
  opened,
  onClose,
  onVerified = onClose,
}: {
  profile: Profile;
  mode: MobileModalMode;
  opened: boolean;
  /** Closed without a verified number. */
  onClose: () => void;
  /** The number is saved and verified (the profile is being read again). */
  onVerified?: () => void;
}) {
  const [step, setStep] = useState<Step>(mode === 'old' ? 'confirm' : 'number');
  const [number, setNumber] = useState<NumberForm>(() => initialNumber(profile));
  const [numberError, setNumberError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [alert, setAlert] = useFleetingAlert();
  const [resendIn, startCountdown] = useCountdown();
  const requestCode = useRequestMobileCode();
  const checkCode = useCheckMobileCode();
  const phoneCountries = usePhoneCountries();
  const defaultCountry = useDefaultCountry();

  // A number not chosen yet starts from the visitor's country.
  const countryCode = number.country_code || (mode === 'new' ? (defaultCountry ?? '') : '');
  const dialCode =
    number.mobile_country_code ||
    withPlus(phoneCountries.data?.find((country) => country.code === countryCode)?.phone ?? '');
  const countryOptions = (phoneCountries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.name} (${withPlus(country.phone)})`,
  }));

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) return;
    const onNumber = error.errors?.mobile_number?.[0];
    if (onNumber === MOBILE_MESSAGES.exists) {
      setNumberError(onNumber);
      if (step !== 'number') setAlert(onNumber);
      return;
    }
    if (!error.notified) setAlert(error.errors ? Object.values(error.errors).flat().join(' ') : error.message);
  };

  const body = () => ({
    mobile_number: number.mobile_number,
    country_code: countryCode || undefined,
    mobile_country_code: dialCode,
    type: mode,
  });

  const sendCode = () => {
    setAlert(null);
    requestCode.mutate(body(), {
      onSuccess: (result) => {
        if (result.message) notifySuccess(result.message);
        setStep('code');
        setOtp('');
        setOtpError(null);
        startCountdown();
      },
      onError: showServerError,
    });
  };

  const handleNumberSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mobileVerifyBodySchema.safeParse(body());
    const issue = parsed.success ? null : parsed.error.issues[0];
    setNumberError(issue ? issue.message : null);
    if (!issue) sendCode();
  };

  const handleCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setOtpError(parsed.error.issues[0].message);
      return;
    }
    setOtpError(null);
    setAlert(null);
    checkCode.mutate(
      { ...body(), otp },
      {
        onSuccess: () => {
          notifySuccess(MOBILE_MESSAGES.saved, { autoClose: TIMINGS.alertClearMs });
          onVerified();
        },
        onError: showServerError,
      },
    );
  };

  const shownNumber = `${dialCode} ${number.mobile_number}`.trim();
  const title =
    step === 'code'
      ? 'Verify Your Mobile Number'
      : step === 'confirm'
        ? 'Your account is almost ready'
        : 'Add your mobile number';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
      centered
    >
      <Stack>
        <FormAlert message={alert} />
        {step === 'number' && (
          <form onSubmit={handleNumberSubmit} noValidate aria-label="Mobile number">
            <Stack>
              <Text size="sm">We text a {MOBILE_LIMITS.codeLength}-digit code to check the number is yours.</Text>
              <Select
                label="Country"
                placeholder={phoneCountries.isPending ? 'Loading…' : 'Choose a country'}
                data={countryOptions}
                searchable
                nothingFoundMessage="No country matches"
                value={countryCode || null}
                onChange={(value) => {
                  const country = phoneCountries.data?.find((item) => item.code === value);
                  setNumber({
                    ...number,
                    country_code: value ?? '',
                    mobile_country_code: country ? withPlus(country.phone) : '',
                  });
                }}
              />
              <TextInput
                label="Mobile number"
                placeholder="Digits only"
                inputMode="numeric"
                autoComplete="tel-national"
                withAsterisk
                leftSection={dialCode || undefined}
                leftSectionWidth={dialCode ? 56 : undefined}
                value={number.mobile_number}
                error={numberError}
                onChange={(event) =>
                  setNumber({ ...number, mobile_number: event.currentTarget.value.replace(/\D/g, '') })
                }
              />
              <ModalActions
                cancelLabel="Not now"
                onCancel={onClose}
                submitLabel="Send code"
                loading={requestCode.isPending}
              />
            </Stack>
          </form>
        )}
        {step === 'confirm' && (
          <Stack>
            <Text size="sm">
              Confirm your mobile number <strong>{shownNumber}</strong> and we text you a {MOBILE_LIMITS.codeLength}
              -digit code.
            </Text>
            {numberError && (
              <Text size="sm" c="red" role="alert">
                {numberError}
              </Text>
            )}
            <ModalActions
              cancelLabel="Not now"
              onCancel={onClose}
              submitLabel="Confirm Mobile No."
              onSubmit={sendCode}
              loading={requestCode.isPending}
            />
          </Stack>
        )}
        {step === 'code' && (
          <form onSubmit={handleCodeSubmit} noValidate aria-label="Verification code">
            <Stack>
              <Text size="sm">
                Enter the {MOBILE_LIMITS.codeLength}-digit code we sent to <strong>{shownNumber}</strong>.
              </Text>
              <TextInput
                label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                withAsterisk
                maxLength={MOBILE_LIMITS.codeLength}
                value={otp}
                error={otpError}
                onChange={(event) => setOtp(codeDigits(event.currentTarget.value))}
                onPaste={(event) => {
                  event.preventDefault();
                  setOtp(codeDigits(event.clipboardData.getData('text')));
                }}
                data-autofocus
              />
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  onClick={sendCode}
                  disabled={resendIn > 0}
                  loading={requestCode.isPending}
                  aria-live="polite"
                >
                  {resendIn > 0 ? `Resend code in ${formatCountdown(resendIn)}` : 'Resend code'}
                </Button>
                <Group>
                  {mode === 'new' && (
                    <Button variant="default" onClick={() => setStep('number')}>
                      Change number
                    </Button>
                  )}
                  <Button type="submit" loading={checkCode.isPending}>
                    Verify
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
