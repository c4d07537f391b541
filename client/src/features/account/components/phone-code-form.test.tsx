import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SendSignInCodeDocument, SignInWithCodeDocument } from '../api/phone.generated';
import { LATE_SMS_MS, PhoneCodeForm, type CodeSignIn } from './phone-code-form';
import { answer, renderBeforeScripts, renderRoute } from '../../../test/render';
import { FormEchoContext } from '../../../lib/form-echo';

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
const sent = (seconds: number) => ({ sendSignInCode: { __typename: 'SignInCodeSent' as const, resendAfterSeconds: seconds } });
const signedIn = { signInWithCode: { __typename: 'AuthPayload' as const, accessToken: 'token', user } };

describe('signing in with a mobile number', () => {
  it('sends the code for a number typed in Bangla digits, takes the code in Bangla digits, and asks a new number for a name', async () => {
    const done = jest.fn<void, [CodeSignIn]>();
    renderRoute(<PhoneCodeForm mode="signIn" onSignedIn={done} />, {
      mocks: [
        answer(SendSignInCodeDocument, { phone: PHONE }, sent(30)),
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
          request: { query: SendSignInCodeDocument, variables: { phone: '01212345678' } },
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

  it('says in the page language when no code can come by SMS today, and offers the password', async () => {
    const usePassword = jest.fn();
    const message = 'আজ আর এসএমএসে কোড পাঠানো যাচ্ছে না: সাইটের আজকের এসএমএস সীমা শেষ।';
    renderRoute(<PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} onUsePassword={usePassword} />, {
      language: 'bn',
      mocks: [
        {
          request: { query: SendSignInCodeDocument, variables: { phone: '01712345678' } },
          result: { errors: [new GraphQLError(message, { extensions: { code: 'SMS_UNAVAILABLE', category: 'TOO_MANY_REQUESTS' } })] },
        },
      ],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'মোবাইল নম্বর' }), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ইমেইল ও পাসওয়ার্ড দিয়ে লগইন করুন' }));
    expect(usePassword).toHaveBeenCalled();
  });

  it('says so when the SMS is late, and offers the password', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const usePassword = jest.fn();
      renderRoute(<PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} onUsePassword={usePassword} />, {
        mocks: [answer(SendSignInCodeDocument, { phone: '01712345678' }, sent(30))],
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '01712345678' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByRole('textbox', { name: 'Code from the SMS' });
      expect(screen.queryByText(/No SMS yet\?/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(LATE_SMS_MS));
      expect(screen.getByText(/No SMS yet\?/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with email and password' }));
      expect(usePassword).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the phone form drawn again by the server for a browser without scripts', () => {
  it('posts both steps to the server, and opens on the code step with the number, the code and the refusal it was drawn with', () => {
    const echo = { step: 'code', error: 'Tell us your name to make your account', field: 'name', values: { phone: '01812345670', code: '123456' } };
    const { container } = renderRoute(
      <FormEchoContext.Provider value={echo}>
        <PhoneCodeForm mode="signIn" next="/model-tests" onSignedIn={jest.fn()} />
      </FormEchoContext.Provider>,
    );
    const form = screen.getByRole('form', { name: 'Enter the code from the SMS' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login/phone');
    expect(container.querySelector('input[type="hidden"][name="phone"]')).toHaveValue('01812345670');
    expect(container.querySelector('input[type="hidden"][name="next"]')).toHaveValue('/model-tests');
    expect(screen.getByRole('textbox', { name: 'Code from the SMS' })).toHaveValue('123456');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeInTheDocument();
    expect(screen.getByText('Tell us your name to make your account')).toBeInTheDocument();
  });
});

describe('"Change number"', () => {
  it('is a link to the number step of its page, so it works without scripts; with them the step changes in place', () => {
    const echo = { step: 'code', values: { phone: '01812345670' } };
    const drawn = within(
      renderBeforeScripts(
        <FormEchoContext.Provider value={echo}>
          <PhoneCodeForm mode="signIn" next="/model-tests" onSignedIn={jest.fn()} />
        </FormEchoContext.Provider>,
        { language: 'bn' },
      ),
    );
    expect(drawn.getByRole('link', { name: 'নম্বর বদলান' })).toHaveAttribute('href', '/login?with=phone&next=%2Fmodel-tests');

    const signUp = within(
      renderRoute(
        <FormEchoContext.Provider value={echo}>
          <PhoneCodeForm mode="signUp" onSignedIn={jest.fn()} />
        </FormEchoContext.Provider>,
        { language: 'bn' },
      ).container,
    );
    const change = signUp.getByRole('link', { name: 'নম্বর বদলান' });
    expect(change).toHaveAttribute('href', '/signUp?with=phone');
    fireEvent.click(change);
    expect(signUp.getByRole('textbox', { name: /মোবাইল নম্বর/ })).toBeInTheDocument();
    expect(signUp.queryByRole('link', { name: 'নম্বর বদলান' })).toBeNull();
  });
});

describe('the code screen in Bangla', () => {
  /** The clock moves on one second at a time, as a person watching the countdown sees it. */
  const secondsPass = (seconds: number) => {
    for (let i = 0; i < seconds; i++) act(() => jest.advanceTimersByTime(1000));
  };
  const wrongCode = (triesLeft: number) => ({
    request: { query: SignInWithCodeDocument, variables: { phone: '০১৭১২৩৪৫৬৭৮', code: '111111', name: null } },
    result: {
      errors: [new GraphQLError('কোডটি ভুল বা এর মেয়াদ শেষ। নতুন একটি কোড চেয়ে নিন।', { extensions: { code: 'BAD_USER_INPUT', field: 'code', triesLeft } })],
    },
  });

  it('says the code was sent, counts down in Bangla digits before a new code can be asked for (30 s, then 60 s), and shows the tries left and the dead code', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderRoute(<PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} />, {
        language: 'bn',
        mocks: [
          // The first code: the next may be asked for in 30 s; the second: in 60 s.
          { ...answer(SendSignInCodeDocument, { phone: '০১৭১২৩৪৫৬৭৮' }, sent(30)), maxUsageCount: 1 },
          wrongCode(4),
          {
            request: { query: SignInWithCodeDocument, variables: { phone: '০১৭১২৩৪৫৬৭৮', code: '111111', name: null } },
            result: {
              errors: [new GraphQLError('এই কোডটি আর ব্যবহার করা যাবে না; নতুন একটি কোড চেয়ে নিন।', { extensions: { code: 'CODE_USED_UP', field: 'code' } })],
            },
          },
          answer(SendSignInCodeDocument, { phone: '০১৭১২৩৪৫৬৭৮' }, sent(60)),
        ],
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'মোবাইল নম্বর' }), { target: { value: '০১৭১২৩৪৫৬৭৮' } });
      fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
      const code = await screen.findByRole('textbox', { name: 'এসএমএসের কোড' });
      expect(screen.getByRole('status')).toHaveTextContent('০১৭১২৩৪৫৬৭৮ নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে। এটি ৫ মিনিট কাজ করবে।');

      // The countdown: "নতুন কোড পাঠান" is off, with the seconds left in Bangla digits.
      expect(screen.getByRole('button', { name: 'নতুন কোড পাঠান (৩০ সেকেন্ড)' })).toBeDisabled();
      secondsPass(1);
      expect(screen.getByRole('button', { name: 'নতুন কোড পাঠান (২৯ সেকেন্ড)' })).toBeDisabled();
      secondsPass(18);
      expect(screen.getByRole('button', { name: 'নতুন কোড পাঠান (১১ সেকেন্ড)' })).toBeDisabled();

      // A wrong code: the tries left, in Bangla digits.
      fireEvent.change(code, { target: { value: '111111' } });
      fireEvent.click(screen.getByRole('button', { name: 'লগইন' }));
      expect(await screen.findByText('এই কোডে আর ৪ বার চেষ্টা করা যাবে।')).toBeInTheDocument();
      expect(screen.getByText('কোডটি ভুল বা এর মেয়াদ শেষ। নতুন একটি কোড চেয়ে নিন।')).toBeInTheDocument();

      // The fifth wrong try: the code is dead.
      fireEvent.click(screen.getByRole('button', { name: 'লগইন' }));
      expect(await screen.findByText('এই কোডটি আর ব্যবহার করা যাবে না; নতুন একটি কোড চেয়ে নিন।')).toBeInTheDocument();
      expect(screen.queryByText(/বার চেষ্টা করা যাবে/)).not.toBeInTheDocument();

      // The wait ends: a new code, and the next wait is 60 s.
      secondsPass(11);
      const resend = screen.getByRole('button', { name: 'নতুন কোড পাঠান' });
      expect(resend).toBeEnabled();
      fireEvent.click(resend);
      // The answer arrives within the same second (the mocked server answers after a few milliseconds).
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.getByRole('button', { name: 'নতুন কোড পাঠান (৬০ সেকেন্ড)' })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('drawn by the server without scripts, says the wait and the tries left as static text', () => {
    const echo = {
      step: 'code',
      resendAfterSeconds: 60,
      error: 'কোডটি ভুল বা এর মেয়াদ শেষ। নতুন একটি কোড চেয়ে নিন।',
      field: 'code',
      triesLeft: 2,
      values: { phone: '01812345670' },
    };
    renderRoute(
      <FormEchoContext.Provider value={echo}>
        <PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} />
      </FormEchoContext.Provider>,
      { language: 'bn' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('০১৮১২৩৪৫৬৭০ নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে।');
    expect(screen.getByText('এই কোডে আর ২ বার চেষ্টা করা যাবে।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'নতুন কোড পাঠান (৬০ সেকেন্ড)' })).toBeDisabled();
  });
});

describe('"Send a new code" without scripts', () => {
  it('drawn by the server, is on and sends the code step to its own address, the wait said once as static text', () => {
    const echo = { step: 'code', resendAfterSeconds: 30, values: { phone: '01812345670' } };
    const drawn = within(
      renderBeforeScripts(
        <FormEchoContext.Provider value={echo}>
          <PhoneCodeForm mode="signUp" next="/model-tests" onSignedIn={jest.fn()} />
        </FormEchoContext.Provider>,
        { language: 'bn' },
      ),
    );
    const form = drawn.getByRole('form', { name: 'এসএমএসের কোডটি লিখুন' });
    expect(form).toHaveAttribute('action', '/login/phone');
    expect(drawn.getByText('৩০ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।')).toHaveClass('ui-muted');
    const resend = within(form).getByRole('button', { name: 'নতুন কোড পাঠান' });
    expect(resend).toBeEnabled();
    expect(resend).toHaveAttribute('type', 'submit');
    expect(resend).toHaveAttribute('formaction', '/login/phone/resend');
    // Sent with the number and the page it came from; the sign-in button stays the form's first (Enter signs in).
    expect(form.querySelector('input[type="hidden"][name="phone"]')).toHaveValue('01812345670');
    expect(form.querySelector('input[type="hidden"][name="mode"]')).toHaveValue('signUp');
    expect(within(form).getAllByRole('button')[0]).toHaveAccessibleName('অ্যাকাউন্ট খুলুন');
  });

  it('drawn again after asking too soon: the wait the server gave, no message said twice, and the name typed for a new number kept', () => {
    const echo = { step: 'code', resendAfterSeconds: 12, values: { phone: '01812345670', name: 'Sadia Islam' } };
    const drawn = within(
      renderBeforeScripts(
        <FormEchoContext.Provider value={echo}>
          <PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} />
        </FormEchoContext.Provider>,
        { language: 'bn' },
      ),
    );
    expect(drawn.getAllByText(/১২ সেকেন্ড/)).toHaveLength(1);
    expect(drawn.queryByRole('alert')).toBeNull();
    expect(drawn.getByRole('textbox', { name: 'আপনার নাম' })).toHaveValue('Sadia Islam');
  });

  it('with scripts, asks by the mutation and the form is not sent', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const submitted = jest.fn((e: Event) => e.preventDefault());
    document.addEventListener('submit', submitted);
    try {
      const again = jest.fn(() => ({ data: sent(60) }));
      renderRoute(
        <FormEchoContext.Provider value={{ step: 'code', resendAfterSeconds: 1, values: { phone: '01812345670' } }}>
          <PhoneCodeForm mode="signIn" onSignedIn={jest.fn()} />
        </FormEchoContext.Provider>,
        { mocks: [{ request: { query: SendSignInCodeDocument, variables: { phone: '01812345670' } }, result: again }] },
      );
      act(() => jest.advanceTimersByTime(1000));
      fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(again).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Send a new code (60 s)' })).toBeDisabled();
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('submit', submitted);
      jest.useRealTimers();
    }
  });
});
