import { lazy, Suspense, useState } from 'react';
import { Box, Burger, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, useNavigate } from 'react-router';
import { LazyDrawer } from '../../components/LazyDrawer.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { signOut } from '../../features/auth/session-actions.ts';
import { Logo } from '../../components/Logo.tsx';
import { PATHS } from '../../lib/paths.ts';
import { userCan } from '../../lib/permissions.ts';
import { navItems } from './nav-items.ts';

// Signed-in only: their code never loads with a public page.
const SignedInTools = lazy(async () => ({ default: (await import('./SignedInTools.tsx')).SignedInTools }));
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));
const LogoutConfirmModal = lazy(async () => ({
  default: (await import('./LogoutConfirmModal.tsx')).LogoutConfirmModal,
}));

export function AppHeader() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const [drawerOpened, drawer] = useDisclosure(false);
  const items = navItems(user?.user_type ?? null, (permission) => userCan(user, permission));

  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // Sign out asks first (the logout modal); Cancel keeps the session.
  const handleSignOut = () => {
    drawer.close();
    setConfirming(true);
  };
  const handleConfirmSignOut = async () => {
    setSigningOut(true);
    const message = await signOut();
    setSigningOut(false);
    setConfirming(false);
    if (message) notifySuccess(message);
    await navigate(PATHS.signin, { replace: true });
  };

  const links = items.map((item) =>
    item.to.includes('#') ? (
      <Link key={item.label} to={item.to} className="tl-nav-link" onClick={drawer.close}>
        {item.label}
      </Link>
    ) : (
      <NavLink key={item.label} to={item.to} end={item.end} className="tl-nav-link" onClick={drawer.close}>
        {item.label}
      </NavLink>
    ),
  );

  const guestActions = (
    <>
      <Button component={Link} to={PATHS.signin} variant="subtle" onClick={drawer.close}>
        Sign in
      </Button>
      <Button component={Link} to={PATHS.signup} color="accent.6" onClick={drawer.close}>
        Join free
      </Button>
    </>
  );

  return (
    <Container h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="xl" wrap="nowrap">
          <Box
            component={Link}
            to={PATHS.home}
            aria-label="TradeLoop home"
            style={{ textDecoration: 'none' }}
            data-track="homeButton"
          >
            <Logo />
          </Box>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
            {links}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {token ? (
            <>
              <Suspense fallback={null}>
                <SignedInTools />
                <UserMenu user={user} onSignOut={handleSignOut} />
                <LogoutConfirmModal
                  opened={confirming}
                  onCancel={() => setConfirming(false)}
                  onConfirm={() => void handleConfirmSignOut()}
                  loading={signingOut}
                />
              </Suspense>
            </>
          ) : (
            <Group gap="xs" visibleFrom="sm">
              {guestActions}
            </Group>
          )}
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          />
        </Group>
      </Group>
      <LazyDrawer opened={drawerOpened} onClose={drawer.close} title={<Logo />} hiddenFrom="sm" size="xs" padding="md">
        <Stack component="nav" aria-label="Main" gap={4}>
          {links}
        </Stack>
        {!token && (
          <>
            <Divider my="md" />
            <Stack gap="xs">{guestActions}</Stack>
          </>
        )}
      </LazyDrawer>
    </Container>
  );
}
