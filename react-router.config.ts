import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // Layout middleware guards child actions as well as loaders (ARCHITECTURE.md, request flow).
    v8_middleware: true,
  },
} satisfies Config
