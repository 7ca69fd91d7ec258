import { useEffect, useState } from 'preact/hooks';
import { client, type SignInMethods } from './api.js';

// Asked once per page load: the header and the sign-in form both read it, and a server's
// methods do not change while a page is open.
let asked: Promise<SignInMethods> | null = null;

function askOnce(): Promise<SignInMethods> {
  asked ??= client.signInMethods().catch(
    // Without the answer the page offers what every server had before: the password form.
    (): SignInMethods => ({ password: true, signup: true, singleSignOn: null }),
  );
  return asked;
}

/**
 * The server's sign-in methods (password, sign-up, single sign-on), or null until they are known
 * or while `wanted` is false (a signed-in page has no use for them and asks nothing).
 */
export function useSignInMethods(wanted = true): SignInMethods | null {
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    if (!wanted || methods !== null) return;
    let live = true;
    void askOnce().then((answer) => live && setMethods(answer));
    return () => {
      live = false;
    };
  }, [wanted, methods]);
  return methods;
}
