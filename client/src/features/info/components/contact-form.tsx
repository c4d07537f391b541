import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AlertContent } from '../../../components/alert-dialog';
import { useSubmitContactMessageMutation } from '../api/contact.generated';
import { describeError } from '../../../lib/graphql-errors';
import { paths } from '../../../lib/paths';
import { useInfoT } from '../texts';
import { useHydrated } from '../../../lib/use-hydrated';
import '../../../styles/ui.css';

// The answer to a message is a dialog drawn with Chakra, which it brings with its code once there is one.
const AlertDialog = lazy(async () => ({ default: (await import('../../../components/alert-dialog')).PlainPageAlertDialog }));

/** The message form of the Contact and Support pages: its alerts, and home after a message is sent. */
export function ContactForm() {
  const t = useInfoT();
  const navigate = useNavigate();
  // The page comes from the server: until its scripts run, the form is not sent (the browser would put the message in the address).
  const hydrated = useHydrated();
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });

  const [send, { loading }] = useSubmitContactMessageMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      setAlert({ status: 'error', title: t('contact.emptyTitle'), text: t('contact.emptyText') });
      return;
    }
    try {
      await send({ variables: { input: form } });
      setAlert({ status: 'success', title: t('contact.sentTitle'), text: t('contact.sentText') });
    } catch (failure) {
      setAlert({ status: 'error', title: describeError(failure, t).message, text: t('info.contact.checkForm') });
    }
  };
  const close = () => {
    const sent = alert?.status === 'success';
    setAlert(null);
    if (sent) void navigate(paths.home);
  };

  return (
    <>
      <form method="post" onSubmit={(e) => void submit(e)} noValidate aria-label={t('info.contact.form')}>
        <div className="ui-stack ui-form">
          <label className="ui-field">
            <span>{t('info.contact.name')}</span>
            <input className="ui-input" name="name" value={form.name} onChange={set('name')} autoComplete="name" />
          </label>
          <label className="ui-field">
            <span>{t('info.contact.email')}</span>
            <input className="ui-input" name="email" type="email" value={form.email} onChange={set('email')} autoComplete="email" />
          </label>
          <label className="ui-field">
            <span>{t('info.contact.message')}</span>
            <textarea className="ui-input" name="message" rows={6} value={form.message} onChange={set('message')} />
          </label>
          <button type="submit" className="ui-button ui-blue" disabled={!hydrated || loading}>
            {t('info.contact.send')}
          </button>
        </div>
      </form>
      {alert && (
        <Suspense fallback={null}>
          <AlertDialog alert={alert} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
