import { Avatar, Box, Button, Link, Menu, Portal, Stack } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { displayName, useSession } from '../../lib/session-context';
import type { SessionUser } from '../../lib/session';
import { WithChakra } from '../../app/chakra';
import { accountItems } from './account-items';

/** The signed-in header: the person's name with My Profile, My Learning, the dashboards of their role and Logout. */
/**
 * Logout: home first, then signed out (signing out on a guarded page first would send the person
 * to the login page instead).
 */
function useLogOut() {
  const { session } = useSession();
  const navigate = useNavigate();
  return () => {
    void navigate(paths.home);
    void session.signOut();
  };
}

function AccountDropdown({ user }: { user: SessionUser }) {
  const t = useT();
  const logOut = useLogOut();
  const navigate = useNavigate();
  const name = displayName(user);
  const items = accountItems(user);
  // Items that go somewhere are real links (a tap follows the link itself; they also open in a new
  // tab). Enter on one comes through `navigate`, which would otherwise reload the whole page; Enter
  // on Logout clicks it.
  return (
    <Menu.Root
      // The header stays at the top while the page scrolls; a fixed menu stays with it instead of
      // scrolling away and then jumping back under a finger that is about to lift.
      positioning={{ strategy: 'fixed' }}
      navigate={({ value }) => {
        const to = items.find((item) => item.value === value)?.to;
        if (to) void navigate(to);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('account.menuFor', { name })}>
          <Avatar.Root size="xs">
            <Avatar.Fallback name={name} />
            {user.image && <Avatar.Image src={user.image} alt="" />}
          </Avatar.Root>
          {name}
          <ChevronDown size={16} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((item) =>
              item.to ? (
                <Menu.Item key={item.value} value={item.value} asChild>
                  <RouterLink to={item.to}>{t(item.label)}</RouterLink>
                </Menu.Item>
              ) : (
                <Menu.Item key={item.value} value={item.value}>
                  {t(item.label)}
                </Menu.Item>
              ),
            )}
            <Menu.Separator />
            <Menu.Item value="logout" onClick={logOut}>
              {t('account.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The phone menu's list of the signed-in person's items, each a tall row, with Logout last. */
function PhoneAccountList({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const t = useT();
  const logOut = useLogOut();
  const name = displayName(user);
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label={t('account.of', { name })}>
      <Box as="li" className="menu-row" fontWeight="semibold" gap="2">
        <Avatar.Root size="xs">
          <Avatar.Fallback name={name} />
          {user.image && <Avatar.Image src={user.image} alt="" />}
        </Avatar.Root>
        {name}
      </Box>
      {accountItems(user).map((item) => (
        <li key={item.value}>
          {item.to ? (
            <Link asChild className="menu-row" color="gray.700" onClick={onNavigate}>
              <RouterLink to={item.to}>{t(item.label)}</RouterLink>
            </Link>
          ) : (
            <Button variant="ghost" className="menu-row" fontWeight="normal" color="gray.700" onClick={onNavigate}>
              {t(item.label)}
            </Button>
          )}
        </li>
      ))}
      <li>
        <Button
          variant="ghost"
          className="menu-row"
          color="red.700"
          onClick={() => {
            onNavigate();
            logOut();
          }}
        >
          {t('account.logout')}
        </Button>
      </li>
    </Stack>
  );
}

// The header is drawn without Chakra's run-time; these parts bring it with their code.

export function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <WithChakra>
      <AccountDropdown user={user} />
    </WithChakra>
  );
}

export function PhoneAccountMenu({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  return (
    <WithChakra>
      <PhoneAccountList user={user} onNavigate={onNavigate} />
    </WithChakra>
  );
}
