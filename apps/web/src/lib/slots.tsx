import { createContext, useContext, type ComponentType } from 'react';
import type { Split } from '@roundup/shared/splits';

/**
 * Parts that one feature shows inside another's page. app/ fills them where it composes the page
 * (app/composed-routes.tsx), so features never import each other.
 */
export interface Slots {
  /** The trade tracker on a split (the trades feature), for members who may record trades. */
  RecordTrades?: ComponentType<{ split: Split }>;
}

const SlotsContext = createContext<Slots>({});
export const SlotsProvider = SlotsContext.Provider;
export const useSlots = (): Slots => useContext(SlotsContext);
