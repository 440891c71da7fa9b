import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { precompress } from './scripts/vite-precompress'

const apiPort = process.env.GATEHOUSE_API_PORT ?? '8080'

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    precompress(),
  ],
  build: { outDir: 'dist/console', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/v1': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } } },
})
