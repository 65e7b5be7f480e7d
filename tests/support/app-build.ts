import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tier's global setup wrote the production build it serves (tests/support/global-stack-with-app.ts). */
    appBuildDir: string;
  }
}

/** The folder of the production build the browser tests run against. */
export const appBuildDir = (): string => inject('appBuildDir');
