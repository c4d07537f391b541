import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RequestPasswordResetDocument } from './api/password.generated';
import LoginPage from './login-page';
import { FormEchoContext, type FormEcho } from '../../lib/form-echo';
import { paths } from '../../lib/paths';
import { renderBeforeScripts, renderRoute } from '../../test/render';

/** The sign-in page as the server draws it again after a form sent without scripts. */
const drawnWith = (echo: FormEcho) =>
  renderBeforeScripts(
    <FormEchoContext.Provider value={echo}>
      <LoginPage />
    </FormEchoContext.Provider>,
    { path: paths.login, at: `${paths.login}?next=%2Fmodel-tests`, language: 'bn' },
  );

describe('Forgot Password on the sign-in page', () => {
  it('without scripts, sends the sign-in form’s email to its own address on the server', () => {
    const form = within(drawnWith({})).getByRole('form', { name: 'লগইন' });
    expect(form).toHaveAttribute('action', '/login');
    const forgot = within(form).getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' });
    expect(forgot).toHaveAttribute('type', 'submit');
    expect(forgot).toHaveAttribute('formaction', '/login/forgot-password');
  });

  it('drawn again after the link was mailed: says so in Bangla, with the email kept', () => {
    const page = within(drawnWith({ step: 'resetSent', values: { email: 'rina@example.com', next: '/model-tests' } }));
    expect(page.getByRole('status')).toHaveTextContent('পাসওয়ার্ড রিসেটের ইমেইল পাঠানো হয়েছে');
    expect(page.getByRole('textbox', { name: 'ইমেইল' })).toHaveValue('rina@example.com');
    expect(page.queryByRole('alert')).toBeNull();
  });

  it('drawn again when no email was written: asks for it as the scripts’ alert does', () => {
    const page = within(drawnWith({ step: 'resetEmpty', error: 'ইমেইল লিখুন', field: 'email', values: {} }));
    const alert = page.getByRole('alert');
    expect(alert).toHaveTextContent('অনুগ্রহ করে আপনার ইমেইল লিখুন।');
    expect(alert).toHaveTextContent('ওপরে আপনার ইমেইল লিখে আবার "পাসওয়ার্ড ভুলে গেছেন?" চাপুন।');
    expect(page.queryByRole('status')).toBeNull();
  });

  it('drawn again after a refusal (too many requests): the server’s message', () => {
    const page = within(drawnWith({ error: 'অনেকবার চেষ্টা করা হয়েছে।', values: { email: 'rina@example.com' } }));
    expect(page.getByRole('alert')).toHaveTextContent('অনেকবার চেষ্টা করা হয়েছে।');
  });

  it('with scripts, asks by the mutation and stays on the page (the form is not sent)', async () => {
    const asked = jest.fn(() => ({ data: { requestPasswordReset: true } }));
    const page = renderRoute(<LoginPage />, {
      path: paths.login,
      language: 'bn',
      mocks: [{ request: { query: RequestPasswordResetDocument, variables: { email: 'rina@example.com' } }, result: asked }],
    });
    const sent = jest.fn((e: Event) => e.preventDefault());
    document.addEventListener('submit', sent);
    try {
      fireEvent.change(screen.getByRole('textbox', { name: 'ইমেইল' }), { target: { value: 'rina@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }));
      await waitFor(() => expect(asked).toHaveBeenCalled());
    } finally {
      document.removeEventListener('submit', sent);
    }
    expect(sent).not.toHaveBeenCalled();
    expect(page.pathname()).toBe('/login');
  });
});
