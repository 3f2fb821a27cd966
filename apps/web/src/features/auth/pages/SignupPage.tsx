import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingFactory2, IconShoppingCart } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signupBodySchema, type SignupBody } from '@tradeloop/contracts/auth';
import { COMPANY_TYPES, type CompanyType } from '@tradeloop/contracts/auth-constants';
import { showSubmitError, zodFormValidator } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { authPath, NEXT_PARAM, PATHS, safeNextPath } from '../../../lib/paths.ts';
import { useSignup } from '../api/signup.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { SocialSigninButtons } from '../components/SocialSigninButtons.tsx';

type SignupValues = {
  user_type: 'buyer' | 'seller';
  full_name: string;
  email_id: string;
  password: string;
  company_name: string;
  company_type: CompanyType | null;
};

/** The request body: company details only for sellers. */
function toSignupBody(values: SignupValues): SignupBody {
  const base = { full_name: values.full_name, email_id: values.email_id, password: values.password };
  if (values.user_type === 'buyer') return { ...base, user_type: 'buyer' };
  return {
    ...base,
    user_type: 'seller',
    company_name: values.company_name,
    company_type: values.company_type ?? undefined,
  };
}

const validateSignup = zodFormValidator(signupBodySchema);

const ACCOUNT_KINDS = [
  {
    value: 'buyer',
    title: 'I want to buy',
    description: 'Find suppliers, request quotes and compare offers.',
    icon: IconShoppingCart,
  },
  {
    value: 'seller',
    title: 'I want to sell',
    description: 'List your company, receive enquiries and run your CRM.',
    icon: IconBuildingFactory2,
  },
] as const;

export function SignupPage() {
  useDocumentTitle('Create your account · TradeLoop');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get(NEXT_PARAM);
  const signup = useSignup();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    initialValues: {
      user_type: 'buyer',
      full_name: '',
      email_id: '',
      password: '',
      company_name: '',
      company_type: null,
    },
    validate: (values) => validateSignup(toSignupBody(values)),
    validateInputOnBlur: true,
  });
  const isSeller = form.values.user_type === 'seller';

  // A seller who continues with a provider brings the company the form asks for (docs/decisions/037).
  const socialQuery = () => ({
    user_type: form.values.user_type,
    ...(isSeller && { company_name: form.values.company_name, company_type: form.values.company_type ?? undefined }),
    next: safeNextPath(next) ?? undefined,
  });
  const handleSocialLeave = () => {
    if (!isSeller) return true;
    const name = form.validateField('company_name');
    const type = form.validateField('company_type');
    return !name.hasError && !type.hasError;
  };

  const handleSubmit = async (values: SignupValues) => {
    setAlert(null);
    try {
      const result = await signup.mutateAsync(toSignupBody(values));
      if (result.message) notifySuccess(result.message);
      // Back where the visitor was (a quote being configured), else onboarding (decision 039).
      await navigate(safeNextPath(next) ?? PATHS.onboarding, { replace: true });
    } catch (error) {
      showSubmitError(error, form, setAlert);
    }
  };

  return (
    <AuthLayout
      title="Create your free account"
      subtitle={
        <>
          Already on TradeLoop?{' '}
          <Anchor component={Link} to={authPath('signin', next)} fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Create your account">
        <Stack gap="md">
          {alert && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {alert}
            </Alert>
          )}
          <Radio.Group
            label="How will you use TradeLoop?"
            value={form.values.user_type}
            onChange={(value) => form.setFieldValue('user_type', value === 'seller' ? 'seller' : 'buyer')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
              {ACCOUNT_KINDS.map((kind) => (
                <Radio.Card key={kind.value} value={kind.value} p="sm" radius="md" aria-label={kind.title}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <div>
                      <Group gap={6} wrap="nowrap">
                        <ThemeIcon size="sm" variant="light" aria-hidden>
                          <kind.icon size={14} />
                        </ThemeIcon>
                        <Text fw={600} size="sm">
                          {kind.title}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" mt={4}>
                        {kind.description}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <TextInput
            label="Full name"
            placeholder="Jane Cooper"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label="Work e-mail"
            placeholder="you@company.com"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email_id')}
          />
          <PasswordInput
            label="Password"
            placeholder="At least 8 characters"
            description="Use 8 or more characters; a short sentence is easy to remember and hard to guess."
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          {isSeller && (
            <>
              <TextInput
                label="Company name"
                placeholder="Acme Industrial Supplies"
                autoComplete="organization"
                withAsterisk
                {...form.getInputProps('company_name')}
              />
              <Select
                label="Company type"
                placeholder="Choose your company type"
                data={COMPANY_TYPES}
                withAsterisk
                allowDeselect={false}
                {...form.getInputProps('company_type')}
              />
            </>
          )}
          <Button type="submit" size="md" fullWidth loading={signup.isPending} mt="xs">
            {isSeller ? 'Create seller account' : 'Create buyer account'}
          </Button>
          <SocialSigninButtons query={socialQuery} canLeave={handleSocialLeave} dividerAt="start" />
          <Text size="xs" c="dimmed" ta="center">
            By creating an account you agree to trade fairly and to keep buyer and seller details confidential.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
