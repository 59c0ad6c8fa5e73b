import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Overridable so a second build (e.g. a test run) does not replace the one a server is using.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: {
    // Layout middleware guards child actions as well as loaders (ARCHITECTURE.md, request flow).
    v8_middleware: true,
    // The remaining v8 behaviours, adopted now so the build runs on Vite's environment API (no
    // child compiler passing Vite 8 the deprecated `envFile`) and prints no future-flag notices.
    // Route modules split into chunks per export; .data requests keep a trailing slash.
    // Not yet v8_passThroughRequests: with it request.url keeps the `.data` suffix, and the
    // guards, redirects and filters read request.url (the e2e guard tests caught /clients.data
    // saved as the redirect-back); adopting it means reading the `url` argument everywhere.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
