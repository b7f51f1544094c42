import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The metrics service serves dist/ itself; in `npm run dev` the API is proxied to a running service.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    proxy: { '/api': { target: process.env.METRICS_URL ?? 'http://127.0.0.1:8000', changeOrigin: false } },
  },
});
