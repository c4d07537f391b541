import { Box, Button, Container, Flex, HStack, IconButton, Image, Input, Link, Stack } from '@chakra-ui/react';
import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { Fragment, lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { menuRow } from './account-items';
import { LanguageSwitch } from './language-switch';
// The account menu (and its popover machinery) loads only for signed-in visitors.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));
const PhoneAccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.PhoneAccountMenu })));

/** The header's links; `asRows` stacks them as list items, each a full-width row for the phone menu. */
function NavLinks({ onNavigate, asRows = false }: { onNavigate?: () => void; asRows?: boolean }) {
  const t = useT();
  const row = asRows ? menuRow : undefined;
  const Item = asRows ? 'li' : Fragment;
  return (
    <>
      <Item>
        <Link asChild color="gray.700" onClick={onNavigate} {...row}>
          <RouterLink to={paths.allCourses}>{t('header.courses')}</RouterLink>
        </Link>
      </Item>
      <Item>
        {/* The same Support page the footer leads to. */}
        <Link asChild color="gray.700" onClick={onNavigate} {...row}>
          <RouterLink to={paths.support}>{t('header.support')}</RouterLink>
        </Link>
      </Item>
    </>
  );
}

function SearchBox({ onSearch, autoFocus = false }: { onSearch?: () => void; autoFocus?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname.toLowerCase() === paths.search.toLowerCase() ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    void navigate(paths.searchFor(query), { state: { text: query } });
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
          placeholder={t('header.searchPlaceholder')}
          autoFocus={autoFocus}
          aria-label={t('header.searchPlaceholder')}
          borderEndRadius="0"
          maxLength={100}
        />
        <IconButton type="submit" aria-label={t('header.search')} colorPalette="blue" borderStartRadius="0">
          <Search size={18} />
        </IconButton>
      </HStack>
    </form>
  );
}

function AccountButtons() {
  const t = useT();
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
        <RouterLink to={paths.login}>{t('header.login')}</RouterLink>
      </Button>
      <Button asChild colorPalette="blue" size="sm">
        <RouterLink to={paths.signUp}>{t('header.registration')}</RouterLink>
      </Button>
    </>
  );
}

/** The phone menu's account part: Login and Registration, or the signed-in person's items and Logout. */
function PhoneAccountItems({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { state } = useSession();
  if (state.status === 'loading') return null;
  if (state.status !== 'signedIn') {
    return (
      <Stack gap="2">
        <Button asChild variant="outline" colorPalette="blue" minH="44px" onClick={onNavigate}>
          <RouterLink to={paths.login}>{t('header.login')}</RouterLink>
        </Button>
        <Button asChild colorPalette="blue" minH="44px" onClick={onNavigate}>
          <RouterLink to={paths.signUp}>{t('header.registration')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Suspense fallback={null}>
      <PhoneAccountMenu user={state.user} onNavigate={onNavigate} />
    </Suspense>
  );
}

export function Header() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [searchFirst, setSearchFirst] = useState(false);
  const close = () => setOpen(false);
  const toggle = (withSearch: boolean) => {
    setSearchFirst(withSearch);
    setOpen((v) => !v);
  };
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex align="center" gap={{ base: '2', md: '6' }}>
          <Link asChild aria-label={t('header.home')} flexShrink={0}>
            <RouterLink to={paths.home}>
              <Image src="/media/logo.svg" alt="" width="36px" height="36px" />
              <Box as="span" fontWeight="bold" fontSize="xl" color="blue.700" ms="2">
                {t('app.name')}
              </Box>
            </RouterLink>
          </Link>
          <HStack as="nav" aria-label={t('header.mainNav')} gap="5" display={{ base: 'none', lg: 'flex' }}>
            <NavLinks />
            <LanguageSwitch />
          </HStack>
          <Box flex="1" maxW="md" display={{ base: 'none', md: 'block' }}>
            <SearchBox />
          </Box>
          <HStack gap="2" display={{ base: 'none', lg: 'flex' }} ms="auto">
            <AccountButtons />
          </HStack>
          {/* The phone menu exists only while open: naming it before would point at nothing. */}
          <IconButton
            aria-label={t('header.searchPlaceholder')}
            aria-controls={open ? 'mobile-menu' : undefined}
            variant="ghost"
            size="lg"
            ms="auto"
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => toggle(true)}
          >
            <Search />
          </IconButton>
          <IconButton
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={open}
            aria-controls={open ? 'mobile-menu' : undefined}
            variant="ghost"
            size="lg"
            ms={{ base: '0', md: 'auto' }}
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={() => toggle(false)}
          >
            {open ? <X /> : <MenuIcon />}
          </IconButton>
        </Flex>
        {open && (
          <Stack id="mobile-menu" as="nav" aria-label={t('header.phoneNav')} gap="3" pt="4" pb="2" display={{ lg: 'none' }}>
            <SearchBox onSearch={close} autoFocus={searchFirst} />
            <Stack as="ul" gap="0" listStyleType="none">
              <NavLinks onNavigate={close} asRows />
              <li>
                <LanguageSwitch onSwitch={close} row={menuRow} />
              </li>
            </Stack>
            <Box borderTopWidth="1px" pt="3">
              <PhoneAccountItems onNavigate={close} />
            </Box>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
