import { Alert, Button, Container, Field, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateBlogMutation } from './api/blogs.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
import { useT } from '../../lib/i18n';

export default function AddBlogPage() {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState({ title: '', img: '', description: '' });
  const [problems, setProblems] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [createBlog, { loading }] = useCreateBlogMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblems(null);
    try {
      await createBlog({ variables: { input: form } });
      toaster.create({ title: t('community.blog.published'), type: 'success' });
      void navigate(paths.blog);
    } catch (failure) {
      setProblems(describeError(failure, t));
    }
  };
  const field = (name: 'title' | 'img', label: string) => (
    <Field.Root invalid={Boolean(problems?.fields[name])} required={name === 'title'}>
      <Field.Label>{label}</Field.Label>
      <Input value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
      <Field.ErrorText>{problems?.fields[name]}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Container maxW="2xl" py="10">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('community.blog.add')}>
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            {t('community.blog.add')}
          </Heading>
          {field('title', t('community.blog.title'))}
          {field('img', t('community.blog.img'))}
          <Field.Root required invalid={Boolean(problems?.fields.description)}>
            <Field.Label>{t('community.blog.description')}</Field.Label>
            <Textarea rows={8} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
            <Field.ErrorText>{problems?.fields.description}</Field.ErrorText>
          </Field.Root>
          {problems && Object.keys(problems.fields).length === 0 && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{problems.message}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" alignSelf="start" disabled={loading}>
            {t('community.blog.publish')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
