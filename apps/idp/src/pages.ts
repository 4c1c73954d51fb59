import { fullName, type IdpUser } from './users';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f1;color:#1f2d2a}
main{width:100%;max-width:400px;margin:24px;background:#fff;border-radius:12px;
  box-shadow:0 8px 24px rgba(20,60,50,.12);padding:32px}
.brand{margin:0 0 4px;font-size:1.5rem;color:#17694f}
h1{font-size:1.15rem;font-weight:600;margin:0 0 24px;color:#3b4a46}
label{display:block;font-size:.9rem;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=password]{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #b9c7c2;border-radius:8px}
input:focus{outline:2px solid #17694f;outline-offset:1px;border-color:#17694f}
.button{display:block;width:100%;margin-top:24px;padding:11px;font-size:1rem;font-weight:600;color:#fff;
  background:#17694f;border:0;border-radius:8px;cursor:pointer;text-align:center;text-decoration:none}
.button:hover{background:#12533e}
.button.secondary{background:#fff;color:#17694f;border:1px solid #17694f;margin-top:12px}
.button.secondary:hover{background:#eef3f1}
.button:focus-visible{outline:3px solid #0b3d2e;outline-offset:2px}
.alert{padding:10px 12px;border-radius:8px;background:#fdecec;color:#9b1c1c;border:1px solid #f5c2c2;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0}
dt{font-weight:600;color:#52625d}
dd{margin:0}
.note{font-size:.85rem;color:#52625d;margin-top:24px}
`;

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · EcoDigital</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">EcoDigital</p>
${content}
</main>
</body>
</html>`;
}

export const BAD_CREDENTIALS_MESSAGE = 'Usuario o contraseña incorrectos.';

/** Same element ids as Keycloak's login theme, so tests and scripts work against both. */
export function loginPage({
  action,
  username = '',
  error,
}: {
  action: string;
  username?: string;
  error?: string;
}): string {
  const alert = error ? `<p class="alert" id="input-error" role="alert">${escapeHtml(error)}</p>` : '';
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  return page(
    'Iniciar sesión',
    `<h1 id="kc-page-title">Inicie sesión en su cuenta</h1>
${alert}
<form id="kc-form-login" method="post" action="${escapeHtml(action)}" novalidate>
<label for="username">Usuario o correo electrónico</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" spellcheck="false" required${error ? '' : ' autofocus'}${invalid}>
<label for="password">Contraseña</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' autofocus' : ''}${invalid}>
<input id="kc-login" class="button" name="login" type="submit" value="Iniciar sesión">
</form>
<p class="note">Proveedor de identidad de desarrollo. No usar en producción.</p>`,
  );
}

export function accountPage(user: IdpUser, backLink?: string): string {
  const back = backLink ? `<a class="button" href="${escapeHtml(backLink)}">Volver a la aplicación</a>` : '';
  return page(
    'Mi cuenta',
    `<h1>Mi cuenta</h1>
<dl>
<dt>Usuario</dt><dd id="account-username">${escapeHtml(user.username)}</dd>
<dt>Nombre</dt><dd id="account-name">${escapeHtml(fullName(user))}</dd>
<dt>Correo</dt><dd id="account-email">${escapeHtml(user.email)}</dd>
<dt>Roles</dt><dd id="account-roles">${escapeHtml(user.roles.join(', '))}</dd>
</dl>
${back}`,
  );
}

export function accountSignedOutPage(backLink?: string): string {
  const back = backLink ? `<a class="button" href="${escapeHtml(backLink)}">Ir a la aplicación</a>` : '';
  return page(
    'Mi cuenta',
    `<h1>No ha iniciado sesión</h1>
<p>Inicie sesión en la aplicación y vuelva a abrir esta página para ver los datos de su cuenta.</p>
${back}`,
  );
}

export function errorPage(title: string, message: string, details?: string): string {
  const extra = details ? `<p class="note">${escapeHtml(details)}</p>` : '';
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p class="alert" role="alert">${escapeHtml(message)}</p>\n${extra}`,
  );
}

export function loggedOutPage(): string {
  return page('Sesión cerrada', '<h1>Sesión cerrada</h1>\n<p>Ha cerrado la sesión correctamente.</p>');
}

/**
 * Asked when a logout request does not prove it comes from the application (no `id_token_hint`),
 * as Keycloak does: otherwise any page could sign a person out with a link. `form` is
 * oidc-provider's form (its action and anti-forgery field); only «Cerrar sesión» submits it.
 */
export function logoutConfirmPage(form: string, cancelHref: string): string {
  return page(
    'Cerrar sesión',
    `<h1 id="kc-page-title">¿Quiere cerrar la sesión?</h1>
<p>Se cerrará su sesión en EcoDigital y en el proveedor de identidad.</p>
${form}
<button id="kc-logout" class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Cerrar sesión</button>
<a id="kc-logout-cancel" class="button secondary" href="${escapeHtml(cancelHref)}">Cancelar</a>`,
  );
}
