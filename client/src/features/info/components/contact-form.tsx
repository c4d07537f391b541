import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, type AlertContent } from '../../../components/alert-dialog';
import { useSubmitContactMessageMutation } from '../api/contact.generated';
import { describeError } from '../../../lib/graphql-errors';
import { messages } from '../../../lib/messages';
import { paths } from '../../../lib/paths';

/** The message form of the Contact and Support pages: its alerts, and home after a message is sent. */
export function ContactForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });

  const [send, { loading }] = useSubmitContactMessageMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      setAlert({ status: 'error', title: messages.contactEmptyTitle, text: messages.contactEmptyText });
      return;
    }
    try {
      await send({ variables: { input: form } });
      setAlert({ status: 'success', title: messages.contactSentTitle, text: messages.contactSentText });
    } catch (failure) {
      setAlert({ status: 'error', title: describeError(failure).message, text: 'Please check the form and try again.' });
    }
  };
  const close = () => {
    const sent = alert?.status === 'success';
    setAlert(null);
    if (sent) void navigate(paths.home);
  };

  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Contact form">
        <Stack gap="4" maxW="xl">
          <Field.Root>
            <Field.Label>Name</Field.Label>
            <Input name="name" value={form.name} onChange={set('name')} autoComplete="name" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input name="email" type="email" value={form.email} onChange={set('email')} autoComplete="email" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Message</Field.Label>
            <Textarea name="message" rows={6} value={form.message} onChange={set('message')} />
          </Field.Root>
          <Button type="submit" colorPalette="blue" alignSelf="start" disabled={loading}>
            Send Message
          </Button>
        </Stack>
      </form>
      <AlertDialog alert={alert} onClose={close} />
    </>
  );
}
