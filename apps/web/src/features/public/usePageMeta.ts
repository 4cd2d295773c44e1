import { useEffect } from 'react';
import { APP_NAME } from '../../lib/route-handle';

/**
 * Title and meta description for pages whose metadata depends on the URL (e.g. /learn/:page);
 * static pages set theirs in the route `handle`. Runs after the layout's own effect, so it wins.
 */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
    if (description) {
      const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (meta) meta.content = description;
    }
  }, [title, description]);
}
