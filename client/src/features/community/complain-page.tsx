import { Button, Container, Field, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, type AlertContent } from '../../components/alert-dialog';
import { useSubmitComplaintMutation } from './api/complaints.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';

const fields = [
  { name: 'name', type: 'text' },
  { name: 'email', type: 'email' },
  { name: 'phone', type: 'tel' },
  { name: 'subject', type: 'text' },
] as const;

export default function ComplainPage() {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', phone: '', subject: '', message: '' });
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [submitComplaint, { loading }] = useSubmitComplaintMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((value) => !value.trim())) {
      setAlert({ status: 'error', title: t('contact.emptyTitle'), text: t('contact.emptyText') });
      return;
    }
    try {
      await submitComplaint({ variables: { input: form } });
      setAlert({ status: 'success', title: t('community.complain.sentTitle'), text: t('community.complain.sentText') });
    } catch (failure) {
      setAlert({ status: 'error', title: describeError(failure, t).message, text: t('community.complain.checkForm') });
    }
  };

  return (
    <Container maxW="2xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('community.complain.title')}
        </Heading>
        <Text>{t('community.complain.intro')}</Text>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('community.complain.form')}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {fields.map((field) => (
                <Field.Root key={field.name} required>
                  <Field.Label>{t(`community.complain.${field.name}`)}</Field.Label>
                  <Input type={field.type} value={form[field.name]} onChange={(e) => setForm({ ...form, [field.name]: e.target.value })} />
                </Field.Root>
              ))}
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>{t('community.complain.message')}</Field.Label>
              <Textarea rows={6} value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} />
            </Field.Root>
            <Button type="submit" colorPalette="blue" alignSelf="start" disabled={loading}>
              {t('community.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
      <AlertDialog
        alert={alert}
        onClose={() => {
          const sent = alert?.status === 'success';
          setAlert(null);
          if (sent) void navigate(paths.home);
        }}
      />
    </Container>
  );
}
