import { Box, Button, chakra, Container, Flex, HStack, IconButton, Image, Link, Stack } from '@chakra-ui/react';
import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { menuRow } from './account-items';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
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

/** The phone menu's toggle shows ☰ while the menu is closed and ✕ while it is open, by CSS alone (before the scripts too). */
const toggleIcons = {
  '&[open] [data-shown-when="closed"], &:not([open]) [data-shown-when="open"]': { display: 'none' },
  '& > summary::-webkit-details-marker': { display: 'none' },
  // Closed, the menu takes no room at all (the browser would otherwise still lay it out, unseen).
  '&:not([open]) > nav': { display: 'none' },
};

export function Header() {
  const t = useT();
  // The phone menu is a <details> element: it opens and closes without the scripts (before they
  // arrive, or on a phone that runs none), and the browser keeps whether it is open.
  const menu = useRef<HTMLDetailsElement>(null);
  const phoneSearch = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // A phone's search box sits in the menu; on the search page it is also under the header, ready
  // to change the search (the phone's search button leads there before the scripts run).
  const onSearchPage = useLocation().pathname.toLowerCase() === paths.search.toLowerCase();
  // A menu opened before the scripts took over stays open; its button says so from now on.
  useEffect(() => {
    if (menu.current?.open) setOpen(true);
  }, []);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  // Before the scripts, the search button leads to the search page and its form; after, it opens the menu at its search box.
  const searchFirst = (event: MouseEvent) => {
    if (!menu.current) return;
    event.preventDefault();
    menu.current.open = true;
    phoneSearch.current?.focus();
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
          <IconButton asChild aria-label={t('header.searchPlaceholder')} variant="ghost" size="lg" ms="auto" display={{ base: 'inline-flex', md: 'none' }}>
            <RouterLink to={paths.search} onClick={searchFirst}>
              <Search />
            </RouterLink>
          </IconButton>
          <chakra.details ref={menu} onToggle={(e) => setOpen(e.currentTarget.open)} display={{ lg: 'none' }} ms={{ base: '0', md: 'auto' }} css={toggleIcons}>
            <chakra.summary
              aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
              aria-controls="mobile-menu"
              listStyleType="none"
              cursor="pointer"
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="11"
              borderRadius="l2"
              color="fg"
              _hover={{ bg: 'colorPalette.subtle' }}
              focusVisibleRing="outside"
            >
              <MenuIcon data-shown-when="closed" aria-hidden />
              <X data-shown-when="open" aria-hidden />
            </chakra.summary>
            {/* Below the header's row, over the page, as wide as the header. */}
            <Stack
              id="mobile-menu"
              as="nav"
              aria-label={t('header.phoneNav')}
              gap="3"
              position="absolute"
              insetX="0"
              top="100%"
              bg="white"
              borderBottomWidth="1px"
              boxShadow="md"
              px={{ base: '4', md: '6' }}
              pt="4"
              pb="3"
              maxH="calc(100dvh - 4.5rem)"
              overflowY="auto"
            >
              <SearchBox onSearch={close} inputRef={phoneSearch} />
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
          </chakra.details>
        </Flex>
        {onSearchPage && (
          <Box display={{ md: 'none' }} pt="3">
            <SearchBox />
          </Box>
        )}
      </Container>
    </Box>
  );
}
