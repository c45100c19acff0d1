import { requiredShort } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { useFormValues } from '../../../lib/use-form-values';
import { storeSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { ProductPitch } from '../components/product-pitch';

export function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const login = useLogin();
  const error = useFlash();
  const { values, field } = useFormValues({ login: '', password: '' });
  const [redirecting, setRedirecting] = useState(false);
  const filled = values.login.trim() !== '' && values.password !== '';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = (['login', 'password'] as const).find((field) => values[field].trim() === '');
    if (missing) {
      error.show(requiredShort(missing));
      return;
    }
    try {
      const { data } = await login.mutateAsync({ login: values.login.trim(), password: values.password });
      setRedirecting(true);
      await wait(timing.signInRedirectMs);
      storeSession(data.token, data.user, { secondStep: data.second_step });
      void navigate(data.second_step ? '/otp' : '/portfolio');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <AuthLayout title="Sign in" intro="Welcome back. Sign in with your email or username." aside={<ProductPitch />}>
      <LoadingOverlay caption={login.isPending || redirecting ? 'Wait...' : null} />
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner error={error.message} />
        <TextField label="Email or username" autoComplete="username" {...field('login')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <div className="flex justify-end text-sm">
          <Link to="/reset-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={!filled || login.isPending}>
          Sign in
        </Button>
        <PasskeySignIn onError={error.show} />
        <p className="text-center text-sm text-slate-700">
          New to Itrust?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Create an account
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
