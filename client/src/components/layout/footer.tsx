import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSubscribeMutation } from './subscribe.generated';
import { describeError } from '../../lib/graphql-errors';
import { localDigits } from '../../lib/digits';
import { useLanguage, useT, type Language, type MessageKey } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { paths } from '../../lib/paths';
import { AppWorkerParts } from './app-worker-parts';
import '../../styles/ui.css';
import './footer.css';

/** This year, in the page's digits and without grouping: 2026, ২০২৬ (as Intl writes it, without making a formatter). */
const currentYear = (language: Language) => localDigits(String(new Date().getFullYear()), language);

export const footerLinks: { to: string; label: MessageKey }[] = [
  { to: paths.modelTests, label: 'footer.modelTests' },
  { to: paths.contact, label: 'footer.contact' },
  { to: paths.about, label: 'footer.about' },
  { to: paths.terms, label: 'footer.terms' },
  { to: paths.privacy, label: 'footer.privacy' },
  { to: paths.refund, label: 'footer.refund' },
  { to: paths.blog, label: 'footer.blog' },
  { to: paths.career, label: 'footer.career' },
  { to: paths.support, label: 'footer.support' },
  { to: paths.complainBox, label: 'footer.complainBox' },
  { to: paths.successStory, label: 'footer.successStory' },
  { to: paths.reviews, label: 'footer.reviews' },
];

/** Where the form posts when its scripts have not taken it over (server/src/http/page-forms.ts); not a screen. */
const SUBSCRIBE_ACTION = '/subscribe';

/** Sent before the footer's scripts took it over, the form posts to the server, which subscribes and says so. */
function SubscribeForm() {
  const t = useT();
  const { pathname, search } = useLocation();
  const [email, setEmail] = useState('');
  const [subscribe, { loading }] = useSubscribeMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await subscribe({ variables: { email } });
      toaster.create({ title: t('footer.subscribeThanks'), type: 'success' });
      setEmail('');
    } catch (failure) {
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };
  return (
    <form className="footer-subscribe" method="post" action={SUBSCRIBE_ACTION} onSubmit={(e) => void submit(e)} aria-label={t('footer.subscribe')}>
      <input type="hidden" name="next" value={pathname + search} />
      <input
        className="ui-input"
        type="email"
        name="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder={t('footer.yourEmail')}
        aria-label={t('footer.yourEmail')}
      />
      <button type="submit" className="ui-button ui-blue" disabled={loading}>
        {t('footer.subscribe')}
      </button>
    </form>
  );
}

export function Footer() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <footer className="footer">
      <AppWorkerParts />
      <div className="ui-container footer-content">
        <div className="footer-columns">
          <div className="ui-stack footer-column">
            <h2 className="ui-heading ui-heading-md">{t('footer.usefulLinks')}</h2>
            <ul className="footer-links">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <RouterLink className="ui-link" to={link.to}>
                    {t(link.label)}
                  </RouterLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="ui-stack footer-column">
            <h2 className="ui-heading ui-heading-md">{t('footer.subscribe')}</h2>
            <p className="footer-subscribe-text">{t('footer.subscribeText')}</p>
            <SubscribeForm />
          </div>
        </div>
        <p className="footer-copyright">{t('footer.copyright', { year: currentYear(language) })}</p>
      </div>
    </footer>
  );
}
