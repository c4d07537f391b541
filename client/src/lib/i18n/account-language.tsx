import { useEffect, useRef } from 'react';
import { useSession } from '../session-context';
import { useSetLanguageMutation } from './account-language.generated';
import { useLanguage } from './i18n-context';
import { isLanguage } from './languages';

/**
 * Keeps the signed-in person's language with their account: a switch while signed in is saved
 * (their emails follow it), and signing in takes the account's language, so a second device
 * speaks it at once. Reloading a page changes nothing: the device's cookie already says it.
 */
export default function AccountLanguage() {
  const { state, session } = useSession();
  const { language, setLanguage } = useLanguage();
  const [save] = useSetLanguageMutation();
  const before = useRef({ status: state.status, language });
  useEffect(() => {
    const previous = before.current;
    before.current = { status: state.status, language };
    if (state.status !== 'signedIn') return;
    const saved = state.user.language;
    if (previous.status === 'signedOut' && isLanguage(saved) && saved !== language) {
      void setLanguage(saved);
      return;
    }
    if (previous.language !== language && saved !== language) {
      void save({ variables: { language } }).then(() => session.updateUser({ language }));
    }
  }, [state, language, session, save, setLanguage]);
  return null;
}
