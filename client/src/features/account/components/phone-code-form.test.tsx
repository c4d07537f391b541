import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { RequestSignInCodeDocument, SignInWithCodeDocument } from '../api/phone.generated';
import { PhoneCodeForm, type CodeSignIn } from './phone-code-form';
import { answer, renderRoute } from '../../../test/render';

const PHONE = '০১৭১২-৩৪৫৬৭৮';
const user = {
  __typename: 'User' as const,
  id: 'u1',
  name: 'Rahim',
  email: null,
  role: 'STUDENT' as const,
  image: null,
  emailVerified: false,
  instructorApproved: false,
  language: 'bn',
};
const signedIn = { signInWithCode: { __typename: 'AuthPayload' as const, accessToken: 'token', user } };

describe('signing in with a mobile number', () => {
  it('sends the code for a number typed in Bangla digits, takes the code in Bangla digits, and asks a new number for a name', async () => {
    const done = jest.fn<void, [CodeSignIn]>();
    renderRoute(<PhoneCodeForm mode="signIn" onSignedIn={done} />, {
      mocks: [
        answer(RequestSignInCodeDocument, { phone: PHONE }, { requestSignInCode: true }),
        // Without a name, a new number's code is kept and the name is asked for.
        {
          request: { query: SignInWithCodeDocument, variables: { phone: PHONE, code: '123456', name: null } },
          result: { errors: [new GraphQLError('Tell us your name to make your account', { extensions: { code: 'BAD_USER_INPUT', field: 'name' } })] },
        },
        answer(SignInWithCodeDocument, { phone: PHONE, code: '123456', name: 'Rahim' }, signedIn),
      ],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: 'Code from the SMS' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('status')).toHaveTextContent(`We sent a 6-digit code by SMS to ${PHONE}.`);
    fireEvent.change(code, { target: { value: '১২৩৪৫৬' } });
    expect(code).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    expect(screen.getByText('This number has no account yet: write your name to make one.')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Rahim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(signedIn.signInWithCode));
  });

  it('shows the server’s refusal, such as a number that is not a Bangladeshi mobile', async () => {
    renderRoute(<PhoneCodeForm mode="signUp" onSignedIn={jest.fn()} />, {
      language: 'bn',
      mocks: [
        {
          request: { query: RequestSignInCodeDocument, variables: { phone: '01212345678' } },
          result: {
            errors: [
              new GraphQLError('একটি বাংলাদেশি মোবাইল নম্বর লিখুন: ০১ এবং আরও ৯টি অঙ্ক (০১৩ থেকে ০১৯)', {
                extensions: { code: 'BAD_USER_INPUT', field: 'phone' },
              }),
            ],
          },
        },
      ],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'মোবাইল নম্বর' }), { target: { value: '01212345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByText('একটি বাংলাদেশি মোবাইল নম্বর লিখুন: ০১ এবং আরও ৯টি অঙ্ক (০১৩ থেকে ০১৯)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'এসএমএসের কোড' })).not.toBeInTheDocument();
  });
});
