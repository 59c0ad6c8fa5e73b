import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    // Rolldown's "callbacks took N% of the build" advice is for plugin authors (it names
    // React Router's own transforms); it printed a dozen lines at every `npm start`.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { port: 3000 },
})
