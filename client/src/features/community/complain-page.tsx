import { Button, Container, Field, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog, type AlertContent } from '../../components/alert-dialog';
import { useSubmitComplaintMutation } from './api/complaints.generated';
import { describeError } from '../../lib/graphql-errors';
import { messages } from '../../lib/messages';
import { paths } from '../../lib/paths';

const fields = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'subject', label: 'Subject', type: 'text' },
] as const;

export default function ComplainPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', phone: '', subject: '', message: '' });
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [submitComplaint, { loading }] = useSubmitComplaintMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((value) => !value.trim())) {
      setAlert({ status: 'error', title: messages.contactEmptyTitle, text: messages.contactEmptyText });
      return;
    }
    try {
      await submitComplaint({ variables: { input: form } });
      setAlert({ status: 'success', title: 'Your complaint is sent', text: 'Our team will look into it and answer you by email.' });
    } catch (failure) {
      setAlert({ status: 'error', title: describeError(failure).message, text: 'Please check the form and try again.' });
    }
  };

  return (
    <Container maxW="2xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Complain Box
        </Heading>
        <Text>Something went wrong? Tell us and we will put it right.</Text>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Complaint">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {fields.map((field) => (
                <Field.Root key={field.name} required>
                  <Field.Label>{field.label}</Field.Label>
                  <Input type={field.type} value={form[field.name]} onChange={(e) => setForm({ ...form, [field.name]: e.target.value })} />
                </Field.Root>
              ))}
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>Complain</Field.Label>
              <Textarea rows={6} value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} />
            </Field.Root>
            <Button type="submit" colorPalette="blue" alignSelf="start" disabled={loading}>
              Submit
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
