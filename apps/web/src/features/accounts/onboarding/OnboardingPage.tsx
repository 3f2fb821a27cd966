import { useState } from 'react';
import { Anchor, Card, Container, Group, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  ONBOARDING_MESSAGES,
  ONBOARDING_TEXTS as TEXTS,
  type Onboarding,
  type OnboardingStep,
} from '@tradeloop/contracts/accounts-onboarding';
import type { Profile } from '@tradeloop/contracts/accounts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { useMarkOnboardingStep, useOnboarding } from '../api/onboarding.ts';
import { InterestsStep, SearchStep } from './BuyerSteps.tsx';
import { CompanyStep, JobStep, MobileStep, ProductStep } from './SellerSteps.tsx';
import type { StepProps } from './StepActions.tsx';

/**
 * /OnBoardingStepForm (spec section 2, decision 039): a seller's company, job details, mobile and a
 * first product; a buyer's interests and a first search. Each step is saved on the server as it is
 * left (done or skipped), so the page resumes at the first pending step, on any device.
 */
export function OnboardingPage() {
  useDocumentTitle(`${TEXTS.title} · TradeLoop`);
  const onboarding = useOnboarding();
  const profile = useProfile();
  // ?step=interests (a pending field's link) opens that step, even once onboarding is finished.
  const [params] = useSearchParams();
  const requested = params.get('step');

  if (onboarding.isError || profile.isError) {
    return (
      <Container size="md" py="xl">
        <Card>
          <ErrorState
            title="We could not load your onboarding"
            message={(onboarding.error ?? profile.error)?.message ?? ''}
            onRetry={() => void Promise.all([onboarding.refetch(), profile.refetch()])}
          />
        </Card>
      </Container>
    );
  }
  if (!onboarding.data || !profile.data) return <OnboardingSkeleton />;
  const steps = onboarding.data.steps.map((entry) => entry.step as string);
  const start = requested && steps.includes(requested) ? requested : null;
  // Someone who finished (or skipped every step) is not sent here again.
  if (onboarding.data.finished && !start) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <OnboardingStepper onboarding={onboarding.data} profile={profile.data} start={start as OnboardingStep | null} />
  );
}

function OnboardingStepper({
  onboarding,
  profile,
  start,
}: {
  onboarding: Onboarding;
  profile: Profile;
  start: OnboardingStep | null;
}) {
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 768px)', true);
  const steps = onboarding.steps.map((entry) => entry.step);
  const [active, setActive] = useState(() => Math.max(0, steps.indexOf(start ?? onboarding.current_step ?? steps[0])));
  const mark = useMarkOnboardingStep();

  /** Saves the step's status; answers the progress and the server's message. */
  const record = (step: OnboardingStep, status: 'done' | 'skipped') => mark.mutateAsync({ step, status });
  /** A refused step stays where it is: the api client has toasted why. */
  const settle = (work: Promise<void>) => work.catch(() => undefined);

  /**
   * After a step: the next pending one, or, when none is left, where the user goes next. A first
   * product, an import or a first search (`leave`) opens its page even with steps left (resumable).
   */
  const moveOn = async (
    { data: after, message }: { data: Onboarding; message?: string },
    to: string = PATHS.dashboard,
    leave = false,
  ) => {
    const text = after.finished ? ONBOARDING_MESSAGES.finished : message;
    if (text) notifySuccess(text);
    if (after.finished || leave) {
      await navigate(to, { replace: after.finished });
      return;
    }
    const next = after.steps.findIndex((entry, index) => index > active && entry.status === 'pending');
    const first = after.steps.findIndex((entry) => entry.status === 'pending');
    setActive(next >= 0 ? next : Math.max(first, 0));
  };

  const stepProps = (step: OnboardingStep, index: number): StepProps => ({
    onDone: () => settle(record(step, 'done').then((result) => moveOn(result))),
    onSkip: () => settle(record(step, 'skipped').then((result) => moveOn(result))),
    onBack: index > 0 ? () => setActive(index - 1) : null,
    busy: mark.isPending,
    last: index === steps.length - 1,
  });

  const panel = (step: OnboardingStep, index: number) => {
    const props = stepProps(step, index);
    switch (step) {
      case 'company':
        return <CompanyStep profile={profile} {...props} />;
      case 'job':
        return <JobStep profile={profile} {...props} />;
      case 'mobile':
        return <MobileStep profile={profile} {...props} />;
      case 'product':
        return (
          <ProductStep
            {...props}
            onNavigate={(to) => settle(record('product', 'done').then((result) => moveOn(result, to, true)))}
          />
        );
      case 'interests':
        return <InterestsStep interests={onboarding.interests} {...props} onSaved={moveOn} />;
      case 'search':
        return (
          <SearchStep
            {...props}
            onSearch={(query) =>
              settle(
                record('search', 'done').then((result) =>
                  moveOn(result, `${PATHS.productList}?q=${encodeURIComponent(query)}`, true),
                ),
              )
            }
          />
        );
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1} size="h2">
              {TEXTS.title}
            </Title>
            <Text c="dimmed" mt={4}>
              {TEXTS.intro}
            </Text>
          </div>
          <Anchor component={Link} to={PATHS.dashboard} fw={600}>
            {TEXTS.later}
          </Anchor>
        </Group>
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {TEXTS.completion}
            </Text>
            <Text size="sm" fw={600} data-testid="onboarding-completion">
              {onboarding.complete_profile}%
            </Text>
          </Group>
          <Progress.Root>
            <Progress.Section value={onboarding.complete_profile} aria-label={TEXTS.completion} />
          </Progress.Root>
        </div>
        <Card withBorder padding="lg">
          <Stepper
            active={active}
            onStepClick={setActive}
            orientation={wide ? 'horizontal' : 'vertical'}
            size="sm"
            aria-label="Onboarding steps"
          >
            {onboarding.steps.map((entry, index) => (
              <Stepper.Step
                key={entry.step}
                label={TEXTS.steps[entry.step].label}
                description={TEXTS.steps[entry.step].description}
                completedIcon={entry.status === 'skipped' ? <span aria-hidden>–</span> : undefined}
                color={entry.status === 'skipped' ? 'gray' : undefined}
                aria-current={index === active ? 'step' : undefined}
              >
                <Stack gap="md" pt="md">
                  <Title order={2} size="h4">
                    {TEXTS.steps[entry.step].label}
                  </Title>
                  {panel(entry.step, index)}
                </Stack>
              </Stepper.Step>
            ))}
          </Stepper>
        </Card>
      </Stack>
    </Container>
  );
}

function OnboardingSkeleton() {
  return (
    <Container size="md" py="xl" aria-busy="true">
      <Stack gap="lg">
        <Skeleton height={32} width="50%" />
        <Skeleton height={10} />
        <Skeleton height={320} radius="md" />
      </Stack>
    </Container>
  );
}
