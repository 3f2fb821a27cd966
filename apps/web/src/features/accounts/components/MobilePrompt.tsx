import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TIMINGS } from '@tradeloop/contracts/common-constants';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { COOKIE_NAMES, getCookie, setCookie } from '../../../lib/storage.ts';
import { useProfile } from '../api/get-profile.ts';
import { MobileVerificationModal } from './MobileVerificationModal.tsx';
import { registrationPending, SocialRegistrationModal } from './SocialRegistrationModal.tsx';

/**
 * The mobile prompt of spec sections 4 and 9: TIMINGS.mobilePromptDelayMs after load, while the number
 * is not verified and the prompt was not dismissed, the new-number modal (no number on the profile) or
 * the existing-number modal opens. Closing it stores the dismissal cookie for 2 hours. Sub-users never
 * see it (spec section 6).
 *
 * Not on /OnBoardingStepForm, whose mobile step opens the same modal (decision 039). Not over unsaved
 * input either: while a dialog is open or a field has the focus, the prompt waits (issue 42).
 *
 * Social-login users get a different prompt (docs/decisions/037): while their registration is incomplete
 * the registration modal opens at once, and once it is saved the mobile-number modal follows straight
 * away; closing either is the same 2-hour dismissal.
 */
/** A dialog (a CRM form, say) is open or a field has the focus: a modal now would cover unsaved input. */
function userIsBusy() {
  const focused = document.activeElement;
  return (
    document.querySelector('[role="dialog"]') !== null ||
    (focused instanceof HTMLElement && focused.matches('input, textarea, select, [contenteditable="true"]'))
  );
}

export function MobilePrompt() {
  const { user } = useSession();
  const profile = useProfile();
  const [stage, setStage] = useState<'due' | 'mobile' | null>(null);
  const [dismissed, setDismissed] = useState(() => getCookie(COOKIE_NAMES.mobileDismissed) !== null);
  const data = profile.data;
  // Onboarding has a mobile step of its own (decision 039): the prompt waits while it is open.
  const onOnboarding = useLocation().pathname === PATHS.onboarding;
  const eligible = !!data && !onOnboarding && user?.user_type !== 'subuser' && data.user_type !== 'subuser';
  const wanted = eligible && data.mobile_verified !== 'verified';
  const needsRegistration = eligible && registrationPending(data);
  const showRegistration = needsRegistration && !dismissed && stage === null;

  useEffect(() => {
    if (!wanted || dismissed || stage !== null || needsRegistration) return;
    const timer = window.setTimeout(() => setStage('due'), TIMINGS.mobilePromptDelayMs);
    return () => window.clearTimeout(timer);
  }, [wanted, needsRegistration, dismissed, stage]);

  // Due, it opens once the user is not in the middle of a form.
  useEffect(() => {
    if (stage !== 'due') return;
    const open = () => {
      if (!userIsBusy()) setStage('mobile');
    };
    open();
    const retry = window.setInterval(open, TIMINGS.mobilePromptRetryMs);
    return () => window.clearInterval(retry);
  }, [stage]);

  const handleClose = () => {
    setCookie(COOKIE_NAMES.mobileDismissed, 'true', TIMINGS.mobilePromptDismissalMs / 1000);
    setDismissed(true);
    setStage(null);
  };

  if (!data) return null;
  if (showRegistration) {
    // Saved, the profile no longer needs it; the mobile-number modal follows at once.
    return (
      <SocialRegistrationModal
        profile={data}
        onClose={handleClose}
        onSaved={() => setStage(wanted ? 'mobile' : null)}
      />
    );
  }
  // Whether the timer runs (or has run and the prompt waits), once the profile is known: browser tests
  // wait for it before moving the clock.
  if (stage !== 'mobile') {
    return (
      <span
        hidden
        data-testid="mobile-prompt"
        data-state={stage === 'due' ? 'waiting' : wanted && !dismissed ? 'armed' : 'off'}
      />
    );
  }
  return (
    <MobileVerificationModal
      profile={data}
      mode={data.mobile ? 'old' : 'new'}
      opened
      onClose={handleClose}
      onVerified={() => setStage(null)}
    />
  );
}
