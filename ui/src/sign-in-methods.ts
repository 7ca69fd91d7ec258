import { useEffect, useState } from 'preact/hooks';
import { client, type SignInMethods } from './api.js';

/**
 * The server's sign-in methods (password, sign-up, single sign-on), or null until they are known
 * or while `wanted` is false (a signed-in page has no use for them and asks nothing).
 */
export function useSignInMethods(wanted = true): SignInMethods | null {
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    if (!wanted || methods !== null) return;
    let live = true;
    client.signInMethods().then(
      (answer) => live && setMethods(answer),
      // Without the answer the page offers what every server had before: the password form.
      () => live && setMethods({ password: true, signup: true, singleSignOn: null }),
    );
    return () => {
      live = false;
    };
  }, [wanted, methods]);
  return methods;
}
