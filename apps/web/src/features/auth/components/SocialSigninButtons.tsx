import type { MouseEvent } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import type { SocialType } from '@tradeloop/contracts/auth-social-constants';
import { useSocialProviders } from '../api/social-providers.ts';

const ICONS: Record<SocialType, typeof IconBrandGoogle> = { google: IconBrandGoogle, linkedin: IconBrandLinkedin };

type SocialSigninButtonsProps = {
  /** Query of the start call: the account kind and company on the sign-up page, and where to land. */
  query: () => Record<string, string | undefined>;
  /** Runs before leaving for the provider; false keeps the person here (a seller's company is missing). */
  canLeave?: () => boolean;
  /** Where the "or" line goes: below the buttons (they lead the form) or above them (they follow it). */
  dividerAt?: 'end' | 'start';
};

/**
 * "Continue with Google" / "Continue with LinkedIn" (docs/decisions/037): links to the server's start
 * call, which sends the browser to the provider; shown only for providers the server is configured for.
 */
export function SocialSigninButtons({ query, canLeave, dividerAt = 'end' }: SocialSigninButtonsProps) {
  const providers = useSocialProviders();
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;

  const hrefOf = (startUrl: string) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query())) if (value) params.set(key, value);
    const search = params.toString();
    return search ? `${startUrl}?${search}` : startUrl;
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, startUrl: string) => {
    event.preventDefault();
    if (canLeave && !canLeave()) return;
    window.location.assign(hrefOf(startUrl));
  };

  return (
    <Stack gap="sm">
      {dividerAt === 'start' && <Divider label="or" labelPosition="center" />}
      {list.map((provider) => {
        const Icon = ICONS[provider.type];
        return (
          <Button
            key={provider.type}
            component="a"
            href={hrefOf(provider.start_url)}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event, provider.start_url)}
            variant="default"
            size="md"
            fullWidth
            leftSection={<Icon size={18} aria-hidden />}
          >
            Continue with {provider.name}
          </Button>
        );
      })}
      {dividerAt === 'end' && <Divider label="or use your e-mail" labelPosition="center" />}
    </Stack>
  );
}
