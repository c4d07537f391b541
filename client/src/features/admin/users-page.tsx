import { Badge, Button, Heading, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog';
import { PagedTable } from '../../components/paged-table';
import type { Role } from '../../gql/types';
import { useAdminUsersQuery, useCloseAccountMutation, useMakeAdminMutation, useRemoveAdminMutation, useReopenAccountMutation } from './api/admin.generated';
import { describeError } from '../../lib/graphql-errors';
import { toaster } from '../../lib/toaster';
import { useT } from '../../lib/i18n';

const PAGE_SIZE = 20;

/** One list of accounts; fetched when the role, the search or the page changes, never in a loop. */
export function UsersPage({ role }: { role: Role | null }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [closed, setClosed] = useState(false);
  const { data, previousData, loading, error, refetch } = useAdminUsersQuery({
    variables: { role, search: search.trim() || null, closed: closed || null, offset, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [makeAdmin] = useMakeAdminMutation();
  const [removeAdmin] = useRemoveAdminMutation();
  const [closeAccount] = useCloseAccountMutation();
  const confirm = useConfirm();
  const [reopenAccount] = useReopenAccountMutation();
  const page = (data ?? previousData)?.users;

  // Every action names the account by its id: an account made with a mobile number has no email.
  const promote = async (id: string) => {
    try {
      await makeAdmin({ variables: { id } });
      toaster.create({ title: t('admin.makeAdminDone'), type: 'success' });
      await refetch();
    } catch {
      toaster.create({ title: t('admin.makeAdminFailed'), type: 'error' });
    }
  };
  const demote = async (id: string, name: string) => {
    try {
      await removeAdmin({ variables: { id } });
      toaster.create({ title: t('admin.adminRemoved', { name }), type: 'success' });
      await refetch();
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  const close = async (id: string) => {
    try {
      await closeAccount({ variables: { id } });
      toaster.create({ title: t('admin.users.closed'), type: 'success' });
      await refetch();
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };

  const reopen = async (id: string) => {
    try {
      await reopenAccount({ variables: { id } });
      toaster.create({ title: t('admin.users.reopened'), type: 'success' });
      await refetch();
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t(`admin.users.title.${role ?? 'all'}`)}
      </Heading>
      <HStack gap="3" wrap="wrap">
        <Input
          placeholder={t('admin.users.search')}
          aria-label={t('admin.users.searchLabel')}
          maxW="md"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <Button
          size="sm"
          variant={closed ? 'solid' : 'outline'}
          aria-pressed={closed}
          onClick={() => {
            setClosed((v) => !v);
            setOffset(0);
          }}
        >
          {t('admin.users.closedAccounts')}
        </Button>
      </HStack>
      <PagedTable
        page={page}
        loading={loading}
        failed={Boolean(error)}
        onRetry={() => void refetch()}
        empty={t('admin.users.empty')}
        onPage={setOffset}
        columns={[t('admin.users.colName'), t('admin.users.colEmail'), t('admin.users.colRole'), t('admin.users.colActions')]}
        row={(user) => {
          // How the account is reached: its email, or for an account made with a mobile number, the number.
          const contact = user.email ?? user.phone ?? '';
          return (
            <Table.Row key={user.id} data-testid="user-row">
              <Table.Cell>{user.name}</Table.Cell>
              <Table.Cell>{contact}</Table.Cell>
              <Table.Cell>
                <Badge>{t(`admin.role.${user.role}`)}</Badge>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="2" wrap="wrap">
                  {closed ? (
                    <Button size="xs" colorPalette="green" onClick={() => void reopen(user.id)}>
                      {t('admin.users.reopen')}
                    </Button>
                  ) : user.role === 'ADMIN' ? (
                    <Button
                      size="xs"
                      colorPalette="orange"
                      onClick={() =>
                        confirm.ask({
                          title: t('admin.users.removeTitle', { name: user.name }),
                          consequence: t('admin.removeAdminConfirm', { name: user.name }),
                          confirmLabel: t('admin.users.removeAdmin'),
                          onConfirm: () => demote(user.id, user.name),
                        })
                      }
                    >
                      {t('admin.users.removeAdmin')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      colorPalette="blue"
                      onClick={() =>
                        confirm.ask({
                          title: t('admin.users.makeTitle', { name: user.name }),
                          consequence: t('admin.users.makeConsequence', { email: contact }),
                          confirmLabel: t('admin.users.makeAdmin'),
                          destructive: false,
                          onConfirm: () => promote(user.id),
                        })
                      }
                    >
                      {t('admin.users.makeAdmin')}
                    </Button>
                  )}
                  {!closed && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() =>
                        confirm.ask({
                          title: t('admin.users.closeTitle', { name: user.name }),
                          consequence: t('admin.users.closeConsequence', { email: contact }),
                          confirmLabel: t('admin.users.closeAccount'),
                          onConfirm: () => close(user.id),
                        })
                      }
                    >
                      {t('admin.users.closeAccount')}
                    </Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}

export const AllUsersPage = () => <UsersPage role={null} />;
export const AllStudentsPage = () => <UsersPage role="STUDENT" />;
export const AllInstructorsPage = () => <UsersPage role="INSTRUCTOR" />;
export const AllAdminsPage = () => <UsersPage role="ADMIN" />;
