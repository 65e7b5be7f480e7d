import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

import { didDocument, type Jwks, parseJwks, publicJwkOf } from '../../supabase/functions/_shared/trust/identity.ts';

/**
 * The network's /.well-known/jwks.json and /.well-known/did.json at the app's
 * origin (decision 080): written into the build, served by the dev server.
 * They are written at build rather than served by a function because the
 * static host already serves the origin, needs no API key and caches files;
 * a key rotation publishes its new key with a deployment, before the key signs.
 *
 * ACCORD_TRUST_JWKS (the published public keys) and ACCORD_SITE_URL (the
 * origin the DID is named after) come from the environment; a build for a
 * local backend falls back to the local stack's development key and origin,
 * and any other build without them fails rather than publish the development
 * key (whose private half is in the repository).
 */
export interface WellKnownFiles {
  'jwks.json': string;
  'did.json': string;
}

const isLocal = (url: string | undefined) => !url || /^https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?(?:\/|$)/.test(url);

export function publishedKeys(env: Record<string, string | undefined>, rootDir: string): Jwks {
  if (env.ACCORD_TRUST_JWKS) return parseJwks(env.ACCORD_TRUST_JWKS);
  if (!isLocal(env.VITE_SUPABASE_URL)) {
    throw new Error('ACCORD_TRUST_JWKS is not set: a build for a hosted backend must publish the network keys (docs/decisions/080-network-identity-and-keys.md).');
  }
  const dev = JSON.parse(readFileSync(join(rootDir, 'supabase/local/dev-keys.json'), 'utf8')) as { trustSigningKey: Record<string, unknown> };
  return { keys: [publicJwkOf(dev.trustSigningKey)] };
}

export function wellKnownFiles(jwks: Jwks, siteUrl: string): WellKnownFiles {
  return {
    'jwks.json': `${JSON.stringify(jwks, null, 2)}\n`,
    'did.json': `${JSON.stringify(didDocument(siteUrl, jwks), null, 2)}\n`,
  };
}

export function trustWellKnown(appPort: number): Plugin {
  let rootDir = process.cwd();
  let env: Record<string, string | undefined> = {};
  const siteUrl = (fallbackHost?: string) => env.ACCORD_SITE_URL ?? `http://${fallbackHost ?? `localhost:${appPort}`}`;
  return {
    name: 'accord:trust-well-known',
    configResolved(config) {
      rootDir = config.root;
      env = { ...config.env, ...process.env };
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = /^\/\.well-known\/(jwks\.json|did\.json)$/.exec((req.url ?? '').split('?')[0]!)?.[1] as keyof WellKnownFiles | undefined;
        if (!name) return next();
        const body = wellKnownFiles(publishedKeys(env, rootDir), siteUrl(req.headers.host))[name];
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.end(body);
      });
    },
    generateBundle() {
      if (!env.ACCORD_SITE_URL && !isLocal(env.VITE_SUPABASE_URL)) {
        throw new Error('ACCORD_SITE_URL is not set: the DID document is named after the origin the app is served from.');
      }
      const files = wellKnownFiles(publishedKeys(env, rootDir), siteUrl());
      for (const [name, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `.well-known/${name}`, source });
    },
  };
}

/**
 * For builds that are measured or inspected, never deployed (the bench, the
 * chart-bundle test), against a made-up hosted backend: the development key
 * and a made-up origin, set explicitly, since such a build would otherwise
 * (rightly) refuse to publish the development key.
 */
export function withDevelopmentNetworkKeys(rootDir: string): void {
  process.env.ACCORD_SITE_URL ??= 'https://accord.example';
  process.env.ACCORD_TRUST_JWKS ??= JSON.stringify(publishedKeys({}, rootDir));
}
