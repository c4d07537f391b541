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
  // What the effect saw last time, and whether the person switched since the account last heard
  // (a switch while the session is still coming back is saved once it is back).
  const seen = useRef({ status: state.status, language, switched: false });
  useEffect(() => {
    const previous = seen.current;
    const switched = previous.switched || previous.language !== language;
    seen.current = { status: state.status, language, switched };
    if (state.status !== 'signedIn') return;
    const saved = state.user.language;
    seen.current.switched = false;
    if (previous.status === 'signedOut' && isLanguage(saved) && saved !== language) {
      void setLanguage(saved);
      return;
    }
    if (switched && saved !== language) void save({ variables: { language } }).then(() => session.updateUser({ language }));
  }, [state, language, session, save, setLanguage]);
  return null;
}
