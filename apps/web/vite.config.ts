import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API and the embedded identity provider both live on the Fastify server.
const backend = 'http://localhost:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: false },
  '/idp': { target: backend, changeOrigin: false },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: path.join(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // pdf.js is imported on demand by the signature inbox: its own chunk, not preloaded with vendor.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 4 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|notistack)/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
