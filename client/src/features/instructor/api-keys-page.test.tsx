import { fireEvent, screen, within } from '@testing-library/react';
import { ApiKeysDocument, CreateApiKeyDocument, type ApiKeyRowFragment } from '../../components/api-keys/api-keys.generated';
import type { ApiScope } from '../../gql/types';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';
import InstructorApiKeysPage from './api-keys-page';

const key = (overrides: Partial<ApiKeyRowFragment> = {}) => ({
  __typename: 'ApiKey' as const,
  id: 'key-1',
  name: 'School website',
  prefix: 'shk_ab12',
  scopes: ['INSTRUCTOR_READ'] as ApiScope[],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const open = (mocks: RouteOptions['mocks']) => renderRoute(<InstructorApiKeysPage />, { path: paths.instructorApiKeys, mocks, language: 'bn' });

describe("an instructor's API keys, in Bangla", () => {
  it('offers only the scopes of their own courses’ data, makes a key and shows its secret once', async () => {
    open([
      answer(ApiKeysDocument, {}, { apiKeys: [] }),
      answer(
        CreateApiKeyDocument,
        { name: 'স্কুলের ওয়েবসাইট', scopes: ['CATALOG_READ'] },
        { createApiKey: { secret: 'shk_secret-value', apiKey: key({ name: 'স্কুলের ওয়েবসাইট', scopes: ['CATALOG_READ'] }) } },
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'API কী' })).toBeInTheDocument();
    expect(await screen.findByText('এখনো কোনো API কী নেই।')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'কী তৈরি করুন' }).closest('form')!;
    expect(within(form).getAllByRole('checkbox')).toHaveLength(3);
    for (const offered of ['ক্যাটালগ পড়া', 'ইন্সট্রাক্টরের কোর্স ও শিক্ষার্থী দেখা', 'মডেল টেস্ট ও ফলাফল দেখা'])
      expect(within(form).getByText(offered)).toBeInTheDocument();
    expect(within(form).queryByText('পেমেন্ট দেখা')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'স্কুলের ওয়েবসাইট' } });
    fireEvent.click(screen.getByRole('button', { name: 'কী তৈরি করুন' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent('shk_secret-value');
    expect(screen.getByRole('link', { name: 'কী কীভাবে ব্যবহার করবেন: ইন্টিগ্রেটর গাইড' })).toHaveAttribute('href', '/docs/');
  });

  it('lists their keys, and says so when the list cannot be loaded', async () => {
    open([answer(ApiKeysDocument, {}, { apiKeys: [key()] })]);
    expect(await screen.findByTestId('api-key-row')).toHaveTextContent('School website');
    open([failure(ApiKeysDocument, {})]);
    expect(await screen.findByRole('button', { name: /আবার চেষ্টা/ })).toBeInTheDocument();
  });
});
