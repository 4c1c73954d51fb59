import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { readForm, sendHtml } from './http';
import { BAD_CREDENTIALS_MESSAGE, errorPage, loginPage } from './pages';
import type { UserDirectory } from './users';

function expiredPage(res: ServerResponse): void {
  sendHtml(
    res,
    400,
    errorPage(
      'No se pudo iniciar sesión',
      'La solicitud de inicio de sesión ha caducado o no es válida. Vuelva a la aplicación para iniciar sesión de nuevo.',
    ),
  );
}

/** The login page oidc-provider sends people to (`interactions.url`), at `/login-actions/authenticate/<uid>`. */
export async function handleLoginAction(
  req: IncomingMessage,
  res: ServerResponse,
  { provider, users }: { provider: Provider; users: UserDirectory },
): Promise<void> {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return expiredPage(res);
  }
  // The path carries the interaction uid; the interaction cookie must belong to the same one.
  const action = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (!action.endsWith(`/${details.uid}`)) return expiredPage(res);

  if (details.prompt.name !== 'login') {
    // loadExistingGrant grants the first-party client's scopes, so consent is never expected.
    return sendHtml(
      res,
      400,
      errorPage(
        'No se pudo iniciar sesión',
        'El proveedor de identidad pidió un paso no previsto.',
        details.prompt.name,
      ),
    );
  }

  if (req.method === 'GET') {
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendHtml(res, 200, loginPage({ action, username: hint }));
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'GET, POST' });
    res.end();
    return;
  }

  const form = await readForm(req);
  const username = form.get('username') ?? '';
  const user = users.authenticate(username, form.get('password') ?? '');
  if (!user) {
    // Keycloak answers a failed attempt with the form again (200), keeping the username.
    return sendHtml(res, 200, loginPage({ action, username, error: BAD_CREDENTIALS_MESSAGE }));
  }
  await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
}
