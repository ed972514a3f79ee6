/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for test hosts (localhost, or a host containing "test"); default same-origin /api. */
  readonly VITE_API_TEST_BASE?: string;
  /** API base for production hosts; default same-origin /api. */
  readonly VITE_API_PROD_BASE?: string;
}
