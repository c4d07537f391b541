import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';
import ContactPage from './contact-page';

describe('the contact form', () => {
  it('alerts when a field is empty and stays on the page', async () => {
    const { pathname } = renderRoute(<ContactPage />, { path: '/contact', otherPaths: ['/'] });
    await userEvent.type(screen.getByLabelText('Name'), 'Rahim');
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please fill up all the fields')).toBeInTheDocument();
    expect(screen.getByText('Your Input fields is Empty!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(pathname()).toBe('/contact');
  });
});
