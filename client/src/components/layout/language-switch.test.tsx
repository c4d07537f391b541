import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';
import { Pager } from '../pager';
import { LanguageSwitch } from './language-switch';

const page = (
  <>
    <LanguageSwitch />
    <Pager offset={20} limit={20} total={45} onChange={() => undefined} />
  </>
);

afterEach(() => {
  document.cookie = 'lang=; path=/; max-age=0';
  document.documentElement.lang = 'en';
});

describe('the language switch', () => {
  it('offers Bangla on an English page as a link that works without scripts', () => {
    renderRoute(page, { path: '/allCourses', at: '/allCourses?section=FREE' });
    const link = screen.getByRole('link', { name: 'বাংলা' });
    expect(link).toHaveAttribute('href', '/allCourses?section=FREE&lang=bn');
    expect(link).toHaveAttribute('lang', 'bn');
  });

  it('switches the page to Bangla in place, keeps the choice in the cookie and marks <html lang> and the title', async () => {
    const { search } = renderRoute(page, { path: '/allCourses', at: '/allCourses?section=FREE&lang=en' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'বাংলা' }));
    await screen.findByText('পাতা ২ / ৩');
    expect(screen.getByRole('link', { name: 'English' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(document.title).toBe('শিখন | অনলাইনে শিখুন');
    expect(document.cookie).toContain('lang=bn');
    // The address no longer asks for English, so a reload keeps Bangla.
    await waitFor(() => expect(search()).toBe('?section=FREE'));
  });

  it('switches back to English', async () => {
    renderRoute(page, { path: '/', language: 'bn' });
    await userEvent.click(screen.getByRole('link', { name: 'English' }));
    await screen.findByText('Page 2 of 3');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Shikhon | Learn online');
    expect(document.cookie).toContain('lang=en');
  });
});
