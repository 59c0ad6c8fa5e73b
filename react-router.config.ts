import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Overridable so a second build (e.g. a test run) does not replace the one a server is using.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: {
    // Layout middleware guards child actions as well as loaders (ARCHITECTURE.md, request flow).
    v8_middleware: true,
  },
} satisfies Config
