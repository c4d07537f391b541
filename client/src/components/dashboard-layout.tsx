import { Box, Container, Grid, Heading, Link, Stack } from '@chakra-ui/react';
import { NavLink, Outlet } from 'react-router-dom';

export interface DashboardLink {
  to: string;
  label: string;
  end?: boolean;
}

/** A staff area: its sidebar of sections beside the section shown. */
export function DashboardLayout({ title, links }: { title: string; links: DashboardLink[] }) {
  return (
    <Container maxW="7xl" py="6">
      <Grid templateColumns={{ base: '1fr', md: '220px 1fr' }} gap="6" alignItems="start">
        <Box as="nav" aria-label={title} borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h2" size="sm" mb="3" color="gray.600">
            {title}
          </Heading>
          <Stack as="ul" listStyleType="none" gap="1">
            {links.map((link) => (
              <li key={link.to}>
                <Link asChild display="block" px="3" py="2" borderRadius="md" _currentPage={{ bg: 'blue.50', color: 'blue.800', fontWeight: 'semibold' }}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
        <Box minW="0">
          <Outlet />
        </Box>
      </Grid>
    </Container>
  );
}

export function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="1" p="5" borderWidth="1px" borderRadius="md" data-testid="stat">
      <Box color="gray.600" fontSize="sm">
        {label}
      </Box>
      <Box fontSize="2xl" fontWeight="bold">
        {value}
      </Box>
    </Stack>
  );
}
