import { Box, Button, Container, Flex, HStack, IconButton, Image, Input, Link, Stack } from '@chakra-ui/react';
import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { supportToast } from '../../lib/messages';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
// The account menu (and its popover machinery) loads only for signed-in visitors.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

export const SUPPORT_URL = 'https://meet.google.com/';

/** Category and Organization are dead links in the spec: they go nowhere. */
function DeadLink({ children }: { children: string }) {
  return (
    <Link href="#" onClick={(e) => e.preventDefault()} color="gray.700" aria-disabled="true">
      {children}
    </Link>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <DeadLink>Category</DeadLink>
      <DeadLink>Organization</DeadLink>
      <Link asChild color="gray.700" onClick={onNavigate}>
        <RouterLink to="/allcourses">Courses</RouterLink>
      </Link>
      <Link
        href={SUPPORT_URL}
        target="_blank"
        rel="noreferrer"
        color="gray.700"
        onClick={() => {
          void import('../../lib/toaster').then(({ toaster }) => toaster.create({ title: supportToast, type: 'info' }));
          onNavigate?.();
        }}
      >
        Support
      </Link>
    </>
  );
}

function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname.toLowerCase() === '/search' ? new URLSearchParams(location.search).get('q') ?? '' : '';
  const [text, setText] = useState(current);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(paths.searchFor(query), { state: { text: query } });
    onSearch?.();
  };
  return (
    // Before the scripts run, the browser itself sends the form to the search page.
    <form role="search" action={paths.search} onSubmit={submit} style={{ width: '100%' }}>
      <HStack gap="0">
        <Input
          name="q"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search courses"
          aria-label="Search courses"
          borderEndRadius="0"
          maxLength={100}
        />
        <IconButton type="submit" aria-label="Search" colorPalette="blue" borderStartRadius="0">
          <Search size={18} />
        </IconButton>
      </HStack>
    </form>
  );
}

function AccountButtons() {
  const { state } = useSession();
  if (state.status === 'signedIn') {
    return (
      <Suspense fallback={null}>
        <AccountMenu user={state.user} />
      </Suspense>
    );
  }
  if (state.status === 'loading') return null;
  return (
    <>
      <Button asChild variant="outline" colorPalette="blue" size="sm">
        <RouterLink to={paths.login}>Login</RouterLink>
      </Button>
      <Button asChild colorPalette="blue" size="sm">
        <RouterLink to={paths.signUp}>Registration</RouterLink>
      </Button>
    </>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex align="center" gap="6">
          <Link asChild aria-label="Shikhon home" flexShrink={0}>
            <RouterLink to={paths.home}>
              <Image src="/media/logo.svg" alt="" width="36px" height="36px" />
              <Box as="span" fontWeight="bold" fontSize="xl" color="blue.700" ms="2">
                Shikhon
              </Box>
            </RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap="5" display={{ base: 'none', lg: 'flex' }}>
            <NavLinks />
          </HStack>
          <Box flex="1" maxW="md" display={{ base: 'none', md: 'block' }}>
            <SearchBox />
          </Box>
          <HStack gap="2" display={{ base: 'none', lg: 'flex' }} ms="auto">
            <AccountButtons />
          </HStack>
          <IconButton
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            variant="ghost"
            ms="auto"
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X /> : <MenuIcon />}
          </IconButton>
        </Flex>
        {open && (
          <Stack id="mobile-menu" as="nav" aria-label="Mobile" gap="4" pt="4" pb="2" display={{ lg: 'none' }}>
            <SearchBox onSearch={close} />
            <NavLinks onNavigate={close} />
            <HStack gap="2" onClick={close}>
              <AccountButtons />
            </HStack>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
