import { api, signIn, signOut } from '../api.js';
import { h, say } from '../dom.js';

export function signInView(main, navigate, reason) {
  const input = h('input', { id: 'api-key', name: 'apiKey', type: 'password', autocomplete: 'off', required: true, size: 48 });
  const message = h('p', { class: 'error', role: 'alert' }, reason ?? '');
  const form = h(
    'form',
    {
      class: 'card-panel',
      onsubmit: async (event) => {
        event.preventDefault();
        signIn(input.value.trim());
        try {
          await api('GET', '/v1/sources?limit=1', undefined, { trying: true });
          say('Signed in.');
          navigate('#/sources');
        } catch (error) {
          signOut();
          message.textContent = error.status === 401 ? 'That API key was not accepted: check it and try again.' : `Could not sign in: ${error.message}`;
          input.focus();
        }
      },
    },
    h('h2', {}, 'Sign in'),
    h('p', { class: 'muted' }, 'Use one of your organization’s API keys. It stays in this browser tab only.'),
    h('label', { for: 'api-key' }, 'API key', input),
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    message,
  );
  main.replaceChildren(form);
  input.focus();
}
