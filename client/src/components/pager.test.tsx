import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { themeSystem } from '../app/theme';
import type { Language } from '../lib/i18n';
import { WithLanguage } from '../test/render';
import { Pager } from './pager';

const renderPager = (offset: number, total: number, onChange = jest.fn(), language: Language = 'en') => {
  render(
    <WithLanguage language={language}>
      <ChakraProvider value={themeSystem()}>
        <Pager offset={offset} limit={20} total={total} onChange={onChange} />
      </ChakraProvider>
    </WithLanguage>,
  );
  return onChange;
};

describe('the pager', () => {
  it('is absent when everything fits on one page', () => {
    renderPager(0, 20);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('moves between pages and stops at the ends', async () => {
    const onChange = renderPager(20, 45);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(40);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderPager(40, 45);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('speaks Bangla on a Bangla page, with Bengali digits', async () => {
    const onChange = renderPager(20, 45, jest.fn(), 'bn');
    expect(screen.getByText('পাতা ২ / ৩')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'পরের পাতা' }));
    expect(onChange).toHaveBeenLastCalledWith(40);
  });

  it('with addresses, is links that work without scripts, and with them stays on the page for a plain click', async () => {
    const onChange = jest.fn();
    render(
      <WithLanguage>
        <Pager offset={40} limit={20} total={45} onChange={onChange} hrefFor={(offset) => `/list?offset=${offset}`} />
      </WithLanguage>,
    );
    // The last page: Next leads nowhere and says so.
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    const previous = screen.getByRole('link', { name: 'Previous' });
    expect(previous).toHaveAttribute('href', '/list?offset=20');
    // Whether the browser would follow the link (noted, then stopped: the test's document cannot go anywhere).
    const followed: boolean[] = [];
    const note = (e: Event) => {
      followed.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', note);
    try {
      await userEvent.click(previous);
      // Held Ctrl (a new tab): the browser's to follow, and the page does nothing.
      fireEvent.click(previous, { ctrlKey: true });
    } finally {
      document.removeEventListener('click', note);
    }
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(20);
    expect(followed).toEqual([false, true]);
  });
});
