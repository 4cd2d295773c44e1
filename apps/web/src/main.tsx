import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { startedPrerendered } from './lib/prerendered';

const router = createAppRouter();
const queryClient = createQueryClient();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (startedPrerendered()) {
  // A public page rendered at build (vite.config.ts): hydrate once the matched lazy routes have
  // loaded, so the first render is the same page and not the loading fallback.
  const hydrate = () => hydrateRoot(container, app);
  if (router.state.initialized) hydrate();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hydrate();
    });
  }
} else {
  createRoot(container).render(app);
}
