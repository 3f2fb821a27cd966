import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAddressBook,
  IconChevronDown,
  IconHeart,
  IconLayoutDashboard,
  IconListCheck,
  IconLogout,
  IconShieldLock,
  IconStar,
  IconMessage2Dollar,
  IconUserCircle,
  IconUsers,
  IconBuildingStore,
  IconNews,
  IconPhoto,
  IconSpeakerphone,
  IconWorldWww,
  IconUsersGroup,
  IconFileText,
  IconFlag,
  IconCurrencyDollar,
  IconServerBolt,
  IconRosetteDiscountCheck,
  IconPackage,
  IconHistory,
} from '@tabler/icons-react';
import type { LocalUser } from '@tradeloop/contracts/auth';
import { Link } from 'react-router';
import { ONBOARDING_TEXTS } from '@tradeloop/contracts/accounts-onboarding';
import { useOnboarding } from '../../features/accounts/api/onboarding.ts';
import { useIsOperator } from '../../features/market/api/operator.ts';
import { initials } from '../../lib/format.ts';
import { PATHS } from '../../lib/paths.ts';
import { userCan } from '../../lib/permissions.ts';
import { subuserMayOpen } from '../route-rules.ts';

type UserMenuProps = { user: LocalUser | null; onSignOut: () => void };

const USER_TYPE_LABELS = { seller: 'Seller', subuser: 'Team member', others: 'Buyer' } as const;

/** The signed-in user's menu: dashboard, profile, CRM, company pages, the operator's pages, sign out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const name = user?.full_name ?? 'My account';
  const isCompanyUser = user?.user_type === 'seller' || user?.user_type === 'subuser';
  // Onboarding left with "Finish later" is resumed from here (decision 039); the query is the welcome modal's.
  const onboarding = useOnboarding();
  const unfinished = onboarding.data?.finished === false;
  const operator = useIsOperator();
  // The team pages: the role must allow it, and the page must be one the user may open (a sub-user
  // keeps the spec's route rules, which do not include them).
  const mayManageTeam =
    isCompanyUser &&
    userCan(user, 'team') &&
    (user.user_type === 'seller' ||
      (subuserMayOpen(PATHS.subAccounts) && subuserMayOpen(PATHS.roles) && subuserMayOpen(PATHS.auditLog)));
  return (
    <Menu position="bottom-end" width={240} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" p={4} style={{ borderRadius: 999 }}>
          {/* Named by its text (no aria-label that would differ from what is seen); the avatar and
              the lines below repeat the name for the eye only. */}
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden>
            <Avatar src={user?.avatar_original || null} alt="" color="brand" radius="xl" size={36}>
              {initials(name)}
            </Avatar>
            <div style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={600} lineClamp={1} visibleFrom="sm" maw={160}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1} visibleFrom="sm" maw={160}>
                {user ? (user.company_name ?? USER_TYPE_LABELS[user.user_type]) : 'Signed in'}
              </Text>
            </div>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="xs" c="dimmed" truncate>
              {user.email_id}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to={PATHS.dashboard} leftSection={<IconLayoutDashboard size={16} />}>
          Dashboard
        </Menu.Item>
        {unfinished && (
          <Menu.Item component={Link} to={PATHS.onboarding} leftSection={<IconListCheck size={16} />}>
            {ONBOARDING_TEXTS.resume}
          </Menu.Item>
        )}
        {user?.user_type !== 'subuser' && (
          <Menu.Item component={Link} to={PATHS.profile} leftSection={<IconUserCircle size={16} />}>
            My profile
          </Menu.Item>
        )}
        {user?.user_type !== 'subuser' && (
          <>
            <Menu.Item component={Link} to="/enquiries" leftSection={<IconMessage2Dollar size={16} />}>
              Enquiries
            </Menu.Item>
            <Menu.Item component={Link} to="/my-orders" leftSection={<IconPackage size={16} />}>
              My orders
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/wishlist"
              leftSection={<IconHeart size={16} />}
              data-track="wishlist-identifier"
            >
              My wishlist
            </Menu.Item>
            <Menu.Item component={Link} to="/contacts" leftSection={<IconUsers size={16} />}>
              Contacts
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.following} leftSection={<IconBuildingStore size={16} />}>
              Following
            </Menu.Item>
          </>
        )}
        {isCompanyUser && (
          <Menu.Item component={Link} to={PATHS.crm} leftSection={<IconAddressBook size={16} />}>
            CRM
          </Menu.Item>
        )}
        {user?.user_type === 'seller' && (
          <>
            <Menu.Item component={Link} to={PATHS.companyPage} leftSection={<IconWorldWww size={16} />}>
              Company page
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.ads} leftSection={<IconSpeakerphone size={16} />}>
              Ads
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.banners} leftSection={<IconPhoto size={16} />}>
              Banners
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.companyBlog} leftSection={<IconNews size={16} />}>
              Company blog
            </Menu.Item>
          </>
        )}
        {isCompanyUser &&
          userCan(user, 'presence') &&
          (user.user_type === 'seller' || subuserMayOpen(PATHS.reviews)) && (
            <Menu.Item component={Link} to={PATHS.reviews} leftSection={<IconStar size={16} />}>
              Reviews
            </Menu.Item>
          )}
        {mayManageTeam && (
          <>
            <Menu.Item component={Link} to={PATHS.subAccounts} leftSection={<IconUsersGroup size={16} />}>
              Team members
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.roles} leftSection={<IconShieldLock size={16} />}>
              Roles and permissions
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.auditLog} leftSection={<IconHistory size={16} />}>
              Audit log
            </Menu.Item>
          </>
        )}
        {operator && (
          <>
            <Menu.Label>Platform</Menu.Label>
            <Menu.Item component={Link} to={PATHS.reportedReviews} leftSection={<IconFlag size={16} />}>
              Reported reviews
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.marketplaceBlog} leftSection={<IconNews size={16} />}>
              Marketplace blog
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={PATHS.sellerVerification}
              leftSection={<IconRosetteDiscountCheck size={16} />}
            >
              Seller verification
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.exchangeRates} leftSection={<IconCurrencyDollar size={16} />}>
              Exchange rates
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.backgroundJobs} leftSection={<IconServerBolt size={16} />}>
              Background jobs
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.sitePages} leftSection={<IconFileText size={16} />}>
              Site pages
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
