import { fireEvent, screen, within } from '@testing-library/react';
import { EnableWebhookEndpointDocument, WebhookEndpointsDocument, type WebhookEndpointRowFragment } from './api/integrations.generated';
import { ApiKeysDocument, CreateApiKeyDocument, type ApiKeyRowFragment } from '../../components/api-keys/api-keys.generated';
import IntegrationsPage from './integrations-page';
import type { ApiScope } from '../../gql/types';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const key = (overrides: Partial<ApiKeyRowFragment> = {}) => ({
  __typename: 'ApiKey' as const,
  id: 'key-1',
  name: 'School catalogue sync',
  prefix: 'shk_AbCdEfGh',
  scopes: ['CATALOG_READ'] as ApiScope[],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});
const endpoint = (url: string, i: number, overrides: Partial<WebhookEndpointRowFragment> = {}) => ({
  __typename: 'WebhookEndpoint' as const,
  id: `endpoint-${i}`,
  url,
  events: ['ENROLLMENT_CREATED' as const],
  createdAt: '2026-11-20T10:00:00.000Z',
  failingSince: null,
  disabledAt: null,
  ...overrides,
});
const endpoints = (urls: string[]) => ({ webhookEndpoints: urls.map((url, i) => endpoint(url, i)) });

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<IntegrationsPage />, { path: paths.adminIntegrations, mocks, language });

describe('the integrations screen', () => {
  it('lists API keys with their scopes and last use, and webhook endpoints', async () => {
    open([
      answer(
        ApiKeysDocument,
        {},
        { apiKeys: [key(), key({ id: 'key-2', name: 'Old key', revokedAt: '2026-11-21T10:00:00.000Z', lastUsedAt: '2026-11-21T09:00:00.000Z' })] },
      ),
      answer(WebhookEndpointsDocument, {}, endpoints(['https://school.example/hooks'])),
    ]);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Read the catalogue')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Never used')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Revoked')).toBeInTheDocument();
    expect(await screen.findByText('https://school.example/hooks')).toBeInTheDocument();
  });

  it('shows a new key’s secret once', async () => {
    open([
      answer(ApiKeysDocument, {}, { apiKeys: [] }),
      answer(WebhookEndpointsDocument, {}, endpoints([])),
      answer(
        CreateApiKeyDocument,
        { name: 'Partner', scopes: ['CATALOG_READ'] },
        { createApiKey: { secret: 'shk_secret-value', apiKey: key({ name: 'Partner' }) } },
      ),
    ]);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /What the key is for/ }), { target: { value: 'Partner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByTestId('secret-once');
    expect(shown).toHaveTextContent('Copy this secret now. It will not be shown again.');
    expect(shown).toHaveTextContent('shk_secret-value');
  });

  it('offers and labels every scope, an instructor’s key’s too, in English and Bangla', async () => {
    const instructorKey = key({ scopes: ['INSTRUCTOR_READ', 'PRACTICE_READ'] });
    const mocks = () => [answer(ApiKeysDocument, {}, { apiKeys: [instructorKey] }), answer(WebhookEndpointsDocument, {}, endpoints([]))];
    const first = open(mocks());
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText("Read an instructor's courses and students")).toBeInTheDocument();
    expect(within(row).getByText('Read model tests and results')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Create key' }).closest('form')!;
    for (const label of [
      'Read the catalogue',
      'Read enrollments',
      'Read payments',
      'Enroll students',
      "Read an instructor's courses and students",
      'Read model tests and results',
    ])
      expect(within(form).getByText(label)).toBeInTheDocument();
    first.unmount();
    open(mocks(), 'bn');
    const bangla = await screen.findByTestId('api-key-row');
    expect(within(bangla).getByText('ইন্সট্রাক্টরের কোর্স ও শিক্ষার্থী দেখা')).toBeInTheDocument();
    expect(within(bangla).getByText('মডেল টেস্ট ও ফলাফল দেখা')).toBeInTheDocument();
  });

  it('says when there is nothing yet, in Bangla', async () => {
    open([answer(ApiKeysDocument, {}, { apiKeys: [] }), answer(WebhookEndpointsDocument, {}, endpoints([]))], 'bn');
    expect(screen.getByRole('heading', { name: 'ইন্টিগ্রেশন', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('এখনো কোনো API কী নেই।')).toBeInTheDocument();
    expect(await screen.findByText('এখনো কোনো ওয়েবহুক এন্ডপয়েন্ট নেই।')).toBeInTheDocument();
  });

  it('says in Bangla that an endpoint was turned off after failing, and turns it on again', async () => {
    const off = endpoint('https://school.example/hooks', 0, { failingSince: '2026-11-20T10:00:00.000Z', disabledAt: '2026-11-23T10:00:00.000Z' });
    open(
      [
        answer(ApiKeysDocument, {}, { apiKeys: [] }),
        answer(WebhookEndpointsDocument, {}, { webhookEndpoints: [off] }),
        answer(EnableWebhookEndpointDocument, { endpointId: off.id }, { enableWebhookEndpoint: { ...off, failingSince: null, disabledAt: null } }),
      ],
      'bn',
    );
    const row = await screen.findByTestId('endpoint-row');
    expect(within(row).getByText(/৩ দিন ধরে প্রতিটি পাঠানো ব্যর্থ হয়েছে/)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'আবার চালু করুন' }));
    expect(await within(row).findByRole('button', { name: 'পরীক্ষামূলক ঘটনা পাঠান' })).toBeInTheDocument();
    expect(within(row).queryByText(/৩ দিন ধরে/)).not.toBeInTheDocument();
  });

  it('says when the lists could not be loaded', async () => {
    open([failure(ApiKeysDocument, {}), failure(WebhookEndpointsDocument, {})]);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('We could not load this.');
  });
});
