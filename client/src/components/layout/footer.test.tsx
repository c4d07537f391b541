import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import { Footer } from './footer';

describe('the footer', () => {
  it('links every footer page and says Copyright and the current year', () => {
    renderRoute(<Footer />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/model-tests',
      '/contact',
      '/about',
      '/termsAndCondition',
      '/privacyAndPolicy',
      '/RefundPolicy',
      '/blog',
      '/career',
      '/support',
      '/complain-box',
      '/success-story',
      '/reviews',
    ]);
    expect(screen.getByText(`Copyright ${new Date().getFullYear()} Shikhon. All rights reserved.`)).toBeInTheDocument();
  });
});
