import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/** Server and pure unit suites run in Node; component and model-based suites in jsdom. */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
})
