import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, type AlertContent } from '../../../components/alert-dialog';
import { useSubmitContactMessageMutation } from '../api/contact.generated';
import { describeError } from '../../../lib/graphql-errors';
import { paths } from '../../../lib/paths';
import { useInfoT } from '../texts';
import { useHydrated } from '../../../lib/use-hydrated';

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
        <Stack gap="4" maxW="xl">
          <Field.Root>
            <Field.Label>{t('info.contact.name')}</Field.Label>
            <Input name="name" value={form.name} onChange={set('name')} autoComplete="name" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('info.contact.email')}</Field.Label>
            <Input name="email" type="email" value={form.email} onChange={set('email')} autoComplete="email" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('info.contact.message')}</Field.Label>
            <Textarea name="message" rows={6} value={form.message} onChange={set('message')} />
          </Field.Root>
          <Button type="submit" colorPalette="blue" alignSelf="start" disabled={!hydrated || loading}>
            {t('info.contact.send')}
          </Button>
        </Stack>
      </form>
      <AlertDialog alert={alert} onClose={close} />
    </>
  );
}
