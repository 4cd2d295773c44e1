import { createContext, useContext, type ComponentType } from 'react';
import type { Split } from '@roundup/shared/splits';

/**
 * Parts that one feature shows inside another's page. app/ fills them where it composes the page
 * (app/composed-routes.tsx), so features never import each other.
 */
export interface Slots {
  /** The trade tracker on a split (the trades feature), for members who may record trades. */
  RecordTrades?: ComponentType<{ split: Split }>;
  /** The member's progress on a split: bought, received, sold of their accounts (the trades feature). */
  TradeProgress?: ComponentType<{ splitId: string }>;
  /** What to buy today or tomorrow and what to sell (the trades feature). */
  TodoList?: ComponentType<{ splits: Split[]; today: string }>;
}

const SlotsContext = createContext<Slots>({});
export const SlotsProvider = SlotsContext.Provider;
export const useSlots = (): Slots => useContext(SlotsContext);
