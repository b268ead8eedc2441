/** Sign-in: e-mail and password; a wrong pair, too many tries or an unreachable office said plainly. */
import { useState, type FormEvent } from 'react';
import type { Me } from '../../../protocol/web';
import { ApiError, type Client } from '../api/client';
import { errorText } from '../components/ErrorNote';
import { useWords } from '../i18n';

export function SignIn({ client, onSignedIn }: { client: Client; onSignedIn(me: Me): void }) {
  const words = useWords();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setProblem(words.signIn.missing);
      return;
    }
    setWorking(true);
    setProblem(null);
    try {
      onSignedIn(await client.signIn(email.trim(), password));
    } catch (error) {
      setPassword('');
      setProblem(
        error instanceof ApiError && (error.kind === 'unauthorised' || error.kind === 'invalid')
          ? words.signIn.wrong
          : errorText(words, error),
      );
      setWorking(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>{words.signIn.title}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label>
          {words.signIn.email}
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </label>
        <label>
          {words.signIn.password}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {problem && (
          <p className="error-note" role="alert">
            <span aria-hidden="true" className="icon">
              ⚠
            </span>{' '}
            {problem}
          </p>
        )}
        <button type="submit" className="primary" disabled={working}>
          {working ? words.signIn.working : words.signIn.submit}
        </button>
      </form>
    </main>
  );
}
