// Server-rendered pages of the embedded identity provider (login, password change, logout). They carry no
// inline script, to stay within the portal's Content-Security-Policy; the styles are inline.

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
  background:#eef2f6;color:#1d2733;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
header{display:flex;align-items:center;gap:10px;margin-bottom:20px;color:#246DA9;font-size:20px;font-weight:600}
header svg{width:32px;height:32px;fill:#246DA9}
main{width:min(400px,calc(100vw - 32px));background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(16,38,66,.12);padding:32px}
h1{font-size:22px;font-weight:600;margin:0 0 20px}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #b7c2cf;border-radius:4px}
input:focus{outline:2px solid #246DA9;outline-offset:1px;border-color:#246DA9}
button{margin-top:24px;width:100%;padding:11px;font:inherit;font-weight:600;color:#fff;background:#246DA9;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#1c5887}button:focus-visible{outline:3px solid #9cc3e6;outline-offset:2px}
.error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c12;font-size:14px}
.notice{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#e8f1fa;color:#174a73;font-size:14px}
.hint{font-size:13px;color:#5a6878;margin-top:18px}
.links{margin:16px 0 0;font-size:14px;text-align:center}
a{color:#246DA9}
a:focus-visible{outline:3px solid #9cc3e6;outline-offset:2px;border-radius:2px}
p{margin:0 0 12px}
`;

const LOGO = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"/></svg>`;

export function renderProviderPage({
  title,
  body,
  script,
}: {
  title: string;
  body: string;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Remote Monitoring Portal</title>
<style>${STYLES}</style>
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<header>${LOGO}<span>Remote Monitoring Portal</span></header>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page that asks for an e-mail address and sends a one-time link to set a new password. */
export const FORGOT_PASSWORD_PATH = '/account/forgot-password';

export function renderLoginPage({
  action,
  email = '',
  error,
  notice,
}: {
  action: string;
  email?: string;
  error?: string;
  notice?: string;
}): string {
  return renderProviderPage({
    title: 'Sign in',
    body: `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>
<p class="links"><a href="${FORGOT_PASSWORD_PATH}">Forgot password?</a></p>
<p class="hint">This system contains protected health information. Access is monitored.</p>`,
  });
}

export function renderPasswordChangePage({ action, error }: { action: string; error?: string }): string {
  return renderProviderPage({
    title: 'Set a new password',
    body: `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" autofocus>
  <label for="confirmation">Confirm new password</label>
  <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required minlength="12">
  <button type="submit">Set password</button>
</form>
<p class="hint">At least 12 characters.</p>`,
  });
}

export function renderForgotPasswordPage({
  email = '',
  error,
}: {
  email?: string;
  error?: string;
} = {}): string {
  return renderProviderPage({
    title: 'Forgot your password?',
    body: `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>Enter the e-mail address you sign in with. If it belongs to an account, we will e-mail it a link to set a new password.</p>
<form method="post" action="${FORGOT_PASSWORD_PATH}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" autofocus>
  <button type="submit">Send the link</button>
</form>
<p class="links"><a href="/">Back to sign in</a></p>`,
  });
}

/** The same answer whether or not the address belongs to an account, so it tells nobody which do. */
export function renderForgotPasswordSentPage(): string {
  return renderProviderPage({
    title: 'Check your e-mail',
    body: `
<p class="notice" role="status">If an account uses that address, we have sent it a link to set a new password.</p>
<p>The link works once, within one hour. Nothing arrived after a few minutes? Check the address and your spam folder, try again, or ask your administrator.</p>
<p class="links"><a href="/">Back to sign in</a></p>`,
  });
}
