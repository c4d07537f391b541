import { screen } from '@testing-library/react';
import bangla from './locales/bn.json';
import english from './locales/en.json';
import { renderRoute } from '../../test/render';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

describe('the policy pages', () => {
  it('show the terms as a title, an introduction and four titled sections', () => {
    renderRoute(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(english['info.terms.title']);
    expect(screen.getByText(english['info.terms.intro'])).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      english['info.terms.accountTitle'],
      english['info.terms.coursesTitle'],
      english['info.terms.paymentsTitle'],
      english['info.terms.conductTitle'],
    ]);
    expect(screen.getByText(english['info.terms.payments'])).toBeInTheDocument();
  });

  it('show the privacy policy in Bangla on a Bangla page', () => {
    renderRoute(<PrivacyPage />, { language: 'bn' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(bangla['info.privacy.title']);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(screen.getByText(bangla['info.privacy.choices'])).toBeInTheDocument();
  });
});
