import type { AuthContext } from '../context.ts';
import { json } from '../http.ts';
import type { Route } from '../router.ts';

/** GET /health, /settings and /.well-known/jwks.json. */

const EXTERNAL_PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
  'workos', 'twitch', 'twitter', 'zoom',
];

export function metaRoutes(ctx: AuthContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      handler: async () =>
        json({ version: 'accord-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
    },
    {
      method: 'GET',
      path: '/settings',
      handler: async () =>
        json({
          external: {
            ...Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, ctx.settings.external?.[p]?.enabled === true])),
            email: true,
            phone: false,
          },
          disable_signup: !ctx.settings.enableSignup,
          mailer_autoconfirm: !ctx.settings.enableConfirmations,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        }),
    },
    {
      method: 'GET',
      path: '/.well-known/jwks.json',
      // Clients cache the key set; hosted Supabase serves it with a short public max-age.
      handler: async () => json(ctx.jwt.jwks(), 200, { 'Cache-Control': 'public, max-age=600' }),
    },
  ];
}
