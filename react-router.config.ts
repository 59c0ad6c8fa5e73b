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
    // Route modules split into chunks per export; loaders and actions see the request as sent;
    // .data requests keep a trailing slash. The guard, sharing and property tests cover these.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
