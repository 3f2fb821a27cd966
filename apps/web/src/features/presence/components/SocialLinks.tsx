import { ActionIcon, Group } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandPinterest,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';
import type { SocialNetwork } from '@tradeloop/contracts/presence-constants';

const ICONS: Record<SocialNetwork, typeof IconBrandX> = {
  facebook: IconBrandFacebook,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
  instagram: IconBrandInstagram,
  youtube: IconBrandYoutube,
  pinterest: IconBrandPinterest,
};

type SocialLinksProps = {
  companyName: string;
  accounts: { type: SocialNetwork; label: string; profile_link: string }[];
};

/** A company's social media profiles as icon links (opened in a new tab, without the page's referrer). */
export function SocialLinks({ companyName, accounts }: SocialLinksProps) {
  if (accounts.length === 0) return null;
  return (
    <Group
      component="ul"
      gap={6}
      aria-label={`${companyName} on social media`}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {accounts.map((account) => {
        const Icon = ICONS[account.type];
        return (
          <li key={account.type}>
            <ActionIcon
              component="a"
              href={account.profile_link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              variant="default"
              radius="xl"
              aria-label={`${companyName} on ${account.label}`}
              data-track="company-social-link"
            >
              <Icon size={16} aria-hidden />
            </ActionIcon>
          </li>
        );
      })}
    </Group>
  );
}
