import { Anchor, Button, Checkbox, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { useLogin } from '../../lib/sign-in-out';
import { useTitle } from '../../lib/use-title';

export default function LoginPage() {
  useTitle('Sign in');
  const productName = useAppConfig()?.productName;
  const login = useLogin();
  const form = useForm({
    initialValues: { username: '', password: '', remember: false },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username or e-mail'),
      password: (v) => (v ? null : 'Enter your password'),
    },
    // A refusal speaks of the values sent: once they are edited it no longer applies.
    onValuesChange: () => login.reset(),
  });
  return (
    <Container size={420} py={80}>
      <Title order={1} ta="center">
        Sign in
      </Title>
      {productName ? (
        <Text c="dimmed" ta="center" mt="xs">
          to {productName}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p="xl" mt="lg" radius="md">
        <form onSubmit={form.onSubmit((values) => login.mutate(values, { onError: (e) => showFieldErrors(form, fieldErrors(e)) }))} noValidate>
          <Stack>
            <FormError error={login.error} />
            <TextInput label="Username or e-mail" autoComplete="username" required autoFocus {...form.getInputProps('username')} />
            <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
            <Checkbox label="Keep me signed in" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Button type="submit" loading={login.isPending} fullWidth>
              Sign in
            </Button>
            <Anchor component={Link} to={paths.forgot} size="sm" ta="center">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to={paths.home} size="sm" ta="center">
              Back to the home page
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
