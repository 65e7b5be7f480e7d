/**
 * The local identity provider's sign-in page: one form, labelled fields, so a
 * person, a browser test and a fetch-driven contract test can all fill it in.
 */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function loginPage(opts: { action: string; abortAction: string; clientName: string; login?: string; error?: string }): string {
  const error = opts.error ? `<p role="alert" class="error">${escape(opts.error)}</p>` : '';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Accord local identity provider</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #1a202c; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; font-size: 1rem; }
  button { margin-top: 1.5rem; padding: .6rem 1.2rem; font-size: 1rem; }
  .error { color: #9b2c2c; font-weight: 600; }
  .hint { color: #4a5568; font-size: .9rem; }
</style>
</head>
<body>
<main>
<h1>Sign in</h1>
<p>to continue to ${escape(opts.clientName)}</p>
${error}
<form method="post" action="${escape(opts.action)}">
  <label for="login">E-mail or username</label>
  <input id="login" name="login" type="text" autocomplete="username" required value="${escape(opts.login ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="${escape(opts.abortAction)}">
  <button type="submit">Cancel</button>
</form>
<p class="hint">Local test identity provider: the accounts are listed in docs/local-stack.md.</p>
</main>
</body>
</html>`;
}
